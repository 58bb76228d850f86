import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo.js";

describe("boundedMemo", () => {
  it("makes each answer once, keeps undefined answers too, and starts over when full", () => {
    const made: string[] = [];
    const memo = boundedMemo<string, string | undefined>(2);
    const upper = (key: string) =>
      memo(key, () => {
        made.push(key);
        return key === "none" ? undefined : key.toUpperCase();
      });
    expect([upper("a"), upper("a"), upper("none"), upper("none")]).toEqual(["A", "A", undefined, undefined]);
    expect(made).toEqual(["a", "none"]);
    // Full: the third key forgets the others, which are made again when asked.
    expect(upper("b")).toBe("B");
    expect(upper("a")).toBe("A");
    expect(made).toEqual(["a", "none", "b", "a"]);
  });

  it("keeps nothing when making the answer throws", () => {
    let calls = 0;
    const memo = boundedMemo<string, number>(10);
    const parse = (text: string) =>
      memo(text, () => {
        calls++;
        if (text === "bad") throw new Error("bad input");
        return text.length;
      });
    expect(() => parse("bad")).toThrow("bad input");
    expect(() => parse("bad")).toThrow("bad input");
    expect(parse("good")).toBe(4);
    expect(calls).toBe(3);
  });
});
