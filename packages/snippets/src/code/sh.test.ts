import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shComment, shQuote } from "./sh.js";
import { INVISIBLE } from "./visible.js";

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

  it("writes control characters as visible $'\\xHH' escapes that decode to the same bytes", () => {
    const value = "file\x1b[31m\rname\vx\x85\u202e'.wav";
    const word = shQuote(value);
    expect(word).toBe("'file'$'\\x1b''[31m'$'\\x0d''name'$'\\x0b''x'$'\\xc2\\x85\\xe2\\x80\\xae'\\''.wav'");
    expect(word).not.toMatch(INVISIBLE);
    const run = spawnSync("bash", ["-c", `printf '%s' ${word}`], { encoding: "utf8", env: { LC_ALL: "C" } });
    expect(run.stdout).toBe(value);
  });

  it("keeps LF raw (JSON bodies are shown indented) and replaces a lone surrogate", () => {
    expect(shQuote('{\n    "a": 1\n}')).toBe(`'{\n    "a": 1\n}'`);
    expect(shQuote("a\ud800b")).toBe("'a\ufffdb'");
    expect(shQuote("🤗")).toBe("'🤗'");
  });
});

describe("shComment", () => {
  it("flattens line breaks", () => {
    expect(shComment("x\nrm -rf /")).toBe("# x rm -rf /");
  });

  it("spells out other control characters", () => {
    expect(shComment("a\x1b[2Jb\u202e")).toBe("# a\\x1b[2Jb\\u202e");
  });
});
