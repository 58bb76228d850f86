import { describe, expect, it } from "vitest";
import { parseJs, parsePython, parseSh, shellPayloadRan } from "./parse-check.js";

// The checks the snippet tests rely on must be able to fail.
describe("parse checks", () => {
  it("report syntax errors in each language", () => {
    expect(parsePython(["x = (", "x = 1"]).map((r) => r.error === null)).toEqual([false, true]);
    expect(parseJs("const = 1;").error).not.toBeNull();
    expect(parseSh("if then fi").error).not.toBeNull();
    expect(parseSh("echo 'ok'").error).toBeNull();
  });

  it("list names used as code, not string contents", () => {
    expect(parsePython(['print("PWNED")', "PWNED()"]).map((r) => r.names.includes("PWNED"))).toEqual([false, true]);
    expect(parseJs('f("PWNED")').names).not.toContain("PWNED");
    expect(parseJs("f(PWNED)").names).toContain("PWNED");
  });

  it("see a shell payload that runs, and one that stays quoted", () => {
    expect(shellPayloadRan("pip install x $(echo > PWNED_SH)", "PWNED_SH")).toBe(true);
    expect(shellPayloadRan("pip install x '$(echo > PWNED_SH)'", "PWNED_SH")).toBe(false);
  });
});
