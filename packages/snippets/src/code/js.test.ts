import { describe, expect, it } from "vitest";
import { parseJs } from "../test-utils/parse-check.js";
import { isJsIdentifier, jsComment, jsStr, jsValue } from "./js.js";
import { INVISIBLE } from "./visible.js";

const NASTY = [
  "q \" ' `",
  "back\\slash",
  "line\nbreak\u2028\u2029",
  "${x} $(y) </script>",
  "lone \ud800",
  "🤗",
  "csi \x9b del \x7f bidi \u202e\u2066",
];

describe("jsStr", () => {
  it("round-trips every string through a JS parse", () => {
    for (const s of NASTY) {
      const code = `const x = ${jsStr(s)};`;
      expect(parseJs(code).error).toBeNull();
      expect(new Function(`return ${jsStr(s)};`)()).toBe(s);
    }
  });

  it("writes what JSON.stringify writes, plus escapes for what it leaves raw", () => {
    expect(jsStr("acme/demo-model")).toBe(JSON.stringify("acme/demo-model"));
    expect(jsStr("é 漢字 ${x} $(y) `")).toBe(JSON.stringify("é 漢字 ${x} $(y) `"));
    expect(jsStr('q " \\ \n')).toBe(JSON.stringify('q " \\ \n'));
    expect(jsStr("lone \ud800")).toBe('"lone \\ud800"');
  });

  it("shows every invisible character as an escape", () => {
    for (const s of NASTY) expect(jsStr(s)).not.toMatch(INVISIBLE);
    expect(jsStr("\x1b\x9b\u202e")).toBe('"\\u001b\\x9b\\u202e"');
  });
});

describe("jsValue", () => {
  it("is JSON with 4-space indent, re-indented for nesting", () => {
    expect(jsValue({ a: [1] })).toBe('{\n    "a": [\n        1\n    ]\n}');
    expect(jsValue({ a: 1 }, 1)).toBe('{\n        "a": 1\n    }');
    expect(new Function(`return ${jsValue({ s: NASTY })};`)()).toEqual({ s: NASTY });
  });
});

describe("jsComment and identifiers", () => {
  it("flattens line breaks", () => {
    expect(jsComment("a\nalert(1)")).toBe("// a alert(1)");
  });
  it("accepts only plain identifiers that are not reserved", () => {
    expect(isJsIdentifier("pipeline")).toBe(true);
    for (const bad of ["1x", "a-b", "class", "x.y", ""]) expect(isJsIdentifier(bad)).toBe(false);
  });
});
