import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isPyIdentifier, pyComment, pyStr, pyStrBody, pyValue } from "./python.js";
import { INVISIBLE } from "./visible.js";

const NASTY = [
  "plain",
  "quote \" and ' and \"\"\" and '''",
  "back\\slash\\",
  "new\nline\r\n and \t tab \v\f",
  "unicode é 漢字 🤗 \u2028 \u2029 \u0085",
  "lone \ud800 surrogate",
  "nul \0 del \x7f",
  "esc \x1b[2J csi \x9b bidi \u202e\u2066",
  "${x} $(y) `z` </script>",
];

/** Evaluates Python literals with python3 and returns what they decode to (lone surrogates kept as escapes). */
function pyEval(literals: string[]): unknown[] {
  const script =
    "import ast, json, sys\nprint(json.dumps([ast.literal_eval(s) for s in json.load(sys.stdin)], ensure_ascii=True))";
  const run = spawnSync("python3", ["-c", script], { input: JSON.stringify(literals), encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as unknown[];
}

describe("pyStr", () => {
  it("round-trips every string through Python exactly", () => {
    expect(pyEval(NASTY.map(pyStr))).toEqual(NASTY);
  });

  it("stays on one line", () => {
    for (const s of NASTY) expect(pyStr(s)).not.toMatch(/[\n\r\u2028\u2029]/);
  });

  it("shows every invisible character as an escape", () => {
    for (const s of NASTY) expect(pyStr(s)).not.toMatch(INVISIBLE);
  });
});

describe("pyStrBody", () => {
  it("is what pyStr writes between its quotes", () => {
    for (const s of NASTY) expect(`"${pyStrBody(s)}"`).toBe(pyStr(s));
  });

  it("gives a value that needs no escape back as it is", () => {
    expect(pyStrBody("acme/demo-model")).toBe("acme/demo-model");
    expect(pyStrBody('say "hi"')).toBe('say \\"hi\\"');
  });
});

describe("pyValue", () => {
  it("writes dicts, lists and scalars as Python literals with 4-space indent", () => {
    expect(pyValue({ a: [1, true, null], b: "x" })).toBe(
      '{\n    "a": [\n        1,\n        True,\n        None,\n    ],\n    "b": "x",\n}',
    );
    const value = { inputs: NASTY, n: 0, f: false, nested: { empty: [], none: {} } };
    expect(pyEval([pyValue(value)])).toEqual([{ inputs: NASTY, n: 0, f: false, nested: { empty: [], none: {} } }]);
  });
});

describe("pyComment and identifiers", () => {
  it("flattens line breaks so the comment cannot end early", () => {
    expect(pyComment("a\nimport os\r\nb")).toBe("# a import os b");
  });

  it("accepts only plain identifiers that are not keywords", () => {
    expect(isPyIdentifier("AutoModelForCausalLM")).toBe(true);
    expect(isPyIdentifier("_x1")).toBe(true);
    for (const bad of ["1x", "a-b", "os.system", "class", "None", "", "x y", 3])
      expect(isPyIdentifier(bad)).toBe(false);
  });
});
