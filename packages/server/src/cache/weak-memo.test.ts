import { describe, expect, it } from "vitest";
import { weakMemo } from "./weak-memo.js";

describe("weakMemo", () => {
  it("keeps nothing for a key asked about once, and keeps the answer from the second time on", () => {
    const memo = weakMemo<object, { n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const page = {};
    const first = memo(page, make);
    // The first answer was not kept: the second ask makes it again, and that one is kept.
    const second = memo(page, make);
    expect(second).not.toBe(first);
    expect(memo(page, make)).toBe(second);
    expect(memo(page, make)).toBe(second);
    expect(made).toBe(2);
  });

  it("tells keys apart by identity", () => {
    const memo = weakMemo<object, string>();
    const a = {};
    const b = {};
    for (const key of [a, a, b]) memo(key, () => (key === a ? "a" : "b"));
    expect(memo(a, () => "made again")).toBe("a");
    expect(memo(b, () => "b again")).toBe("b again");
  });
});
