import { describe, expect, it } from "vitest";
import { toJson } from "./json.js";
import { flat, indent, lines } from "./lines.js";

describe("lines and indent", () => {
  it("joins lines and leaves out false, null and undefined", () => {
    expect(lines("a", false, "b", null, undefined, "", "c")).toBe("a\nb\n\nc");
  });
  it("indents non-empty lines by 4 spaces per level", () => {
    expect(indent("a\n\nb", 2)).toBe("        a\n\n        b");
  });
  it("writes JSON with 4-space indentation", () => {
    expect(toJson({ a: [1] })).toBe('{\n    "a": [\n        1\n    ]\n}');
  });
  it("keeps the text of a constant made one piece", () => {
    const constant = lines("import demo", "", "demo.run()");
    expect(flat(constant)).toBe("import demo\n\ndemo.run()");
  });
});
