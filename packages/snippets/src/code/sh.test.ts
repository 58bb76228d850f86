import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shComment, shQuote } from "./sh.js";

const NASTY = ["plain", "it's", "'''", '"$(echo PWNED)"', "`echo PWNED`", "${HOME}", "a\nb", "\\", "--flag", "*"];

describe("shQuote", () => {
  it("passes every string to a command as one literal argument", () => {
    for (const s of NASTY) {
      const run = spawnSync("bash", ["-c", `printf '%s' ${shQuote(s)}`], { encoding: "utf8" });
      expect(run.stdout).toBe(s);
    }
  });

  it("drops NUL, which no shell argument can hold", () => {
    expect(shQuote("a\0b")).toBe("'ab'");
  });
});

describe("shComment", () => {
  it("flattens line breaks", () => {
    expect(shComment("x\nrm -rf /")).toBe("# x rm -rf /");
  });
});
