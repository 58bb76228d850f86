import { describe, expect, it } from "vitest";
import { lines } from "./lines.js";
import { pyStr } from "./python.js";
import { template } from "./template.js";

describe("template", () => {
  it("writes the values into the holes of text built once", () => {
    const load = template((id) => lines("import demo", "", `model = demo.load(${id})`));
    expect(load(pyStr("acme/demo"))).toBe('import demo\n\nmodel = demo.load("acme/demo")');
    expect(load(pyStr("acme/other"))).toBe('import demo\n\nmodel = demo.load("acme/other")');
  });
  it("fills several holes, each as often as the text writes it", () => {
    const both = template((id, file) => lines(`a = ${id}`, `b = ${file}`, `c = ${id}`));
    expect(both('"x"', '"y"')).toBe('a = "x"\nb = "y"\nc = "x"');
  });
  it("fills two, three and four holes in order, and holes written out of order", () => {
    expect(template((a, b) => `<${a}|${b}>`)("1", "2")).toBe("<1|2>");
    expect(template((a, b, c) => `<${a}|${b}|${c}>`)("1", "2", "3")).toBe("<1|2|3>");
    expect(template((a, b, c, d) => `<${a}|${b}|${c}|${d}>`)("1", "2", "3", "4")).toBe("<1|2|3|4>");
    expect(template((a, b) => `<${b}|${a}>`)("1", "2")).toBe("<2|1>");
  });
  it("holds text with no hole at either end", () => {
    expect(template((id) => `${id}`)("v")).toBe("v");
  });
  it("refuses a hole the text does not write", () => {
    expect(() => template((id, _unused) => `${id}`)).toThrow("hole 1 is not written");
  });
  it("refuses a marker the text holds without a hole", () => {
    expect(() => template((id) => `${id}\0x`)).toThrow("no hole");
  });
});
