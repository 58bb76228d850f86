// Sets of models made from keys (a search index's candidates) and crossed with others in memory.
import { describe, expect, it } from "vitest";
import type { ModelSet } from "../dialect-adapter.js";
import { setOfKeys } from "./posting-sets.js";

// A ModelSet that is no chunked set: `retain` must ask it member by member.
function plainSet(keys: number[]): ModelSet {
  const members = new Set(keys);
  return {
    get size() {
      return members.size;
    },
    sizes: [],
    has: (pk) => members.has(pk),
    delete: (pk) => void members.delete(pk),
    retain: () => {
      throw new Error("not used");
    },
    keys: () => [...members].sort((a, b) => a - b),
  };
}

describe("setOfKeys", () => {
  it("holds each key once, in any order, across chunks", () => {
    const set = setOfKeys([70_000, 3, 65_535, 3, 65_536, 200_001]);
    expect(set.size).toBe(5);
    expect(set.keys()).toEqual([3, 65_535, 65_536, 70_000, 200_001]);
    expect(set.has(65_536)).toBe(true);
    expect(set.has(4)).toBe(false);
    set.delete(65_535);
    set.delete(9);
    expect(set.keys()).toEqual([3, 65_536, 70_000, 200_001]);
  });

  it("keeps only what another chunked set holds, dropping chunks the other has none of", () => {
    const set = setOfKeys([1, 31, 32, 63, 70_000, 140_000]);
    set.retain(setOfKeys([31, 63, 64, 140_000, 300_000]));
    expect(set.keys()).toEqual([31, 63, 140_000]);
    expect(set.size).toBe(3);
  });

  it("keeps only what any other set holds, asking it key by key", () => {
    const set = setOfKeys([0, 5, 31, 65_537, 131_072]);
    set.retain(plainSet([5, 31, 131_072, 8]));
    expect(set.keys()).toEqual([5, 31, 131_072]);
    expect(set.size).toBe(3);
    expect(set.has(0)).toBe(false);
  });
});
