import { describe, expect, it } from "vitest";
import {
  CHUNK_WORDS,
  chunkHas,
  chunkOffsets,
  chunkWith,
  chunkWithout,
  countChunk,
  crossChunk,
  DamagedChunkError,
  decodeChunk,
  encodeChunk,
  fullChunk,
  intersectChunk,
} from "./posting-chunks.js";

const members = (blob: Uint8Array) => {
  const words = fullChunk();
  intersectChunk(words, blob);
  return chunkOffsets(words);
};

describe("posting chunks", () => {
  it("keep a few members as a sorted array of 2 bytes each", () => {
    let blob: Uint8Array | null = null;
    for (const offset of [9, 65_535, 0, 300, 9]) blob = chunkWith(blob, offset);
    expect(blob).toHaveLength(8);
    expect(members(blob as Uint8Array)).toEqual([0, 9, 300, 65_535]);
    expect(members(chunkWithout(blob as Uint8Array, 300))).toEqual([0, 9, 65_535]);
    expect(chunkWithout(blob as Uint8Array, 301)).toBe(blob);
  });

  it("turn into a bitset of 8,192 bytes at the 4,096th member, and empty out", () => {
    const offsets = Array.from({ length: 4_095 }, (_, i) => i * 16);
    let blob = encodeChunk(offsets);
    expect(blob).toHaveLength(8_190);
    blob = chunkWith(blob, 7);
    expect(blob).toHaveLength(CHUNK_WORDS * 4);
    expect(members(blob)).toEqual([0, 7, ...offsets.slice(1)]);
    for (const offset of [0, 7, ...offsets.slice(1)]) blob = chunkWithout(blob, offset);
    expect(blob).toHaveLength(0);
    expect(chunkWith(blob, 5)).toEqual(encodeChunk([5]));
  });

  it("intersect into a bitset, whatever the form of each, counting the members left", () => {
    const evens = encodeChunk(Array.from({ length: 5_000 }, (_, i) => i * 2));
    const few = encodeChunk([1, 2, 4, 9_998, 10_001]);
    const words = fullChunk();
    expect(intersectChunk(words, evens)).toBe(5_000);
    expect(intersectChunk(words, few)).toBe(3);
    expect(chunkOffsets(words)).toEqual([2, 4, 9_998]);
    expect(intersectChunk(words, encodeChunk([3, 5]))).toBe(0);
    expect(countChunk(words)).toBe(0);
    words.set(fullChunk());
    intersectChunk(words, evens);
    intersectChunk(words, few);
    expect(countChunk(words)).toBe(3);
    expect(countChunk(fullChunk())).toBe(65_536);
  });

  it("cross into a bitset without counting, telling only whether any member is left", () => {
    const evens = encodeChunk(Array.from({ length: 5_000 }, (_, i) => i * 2));
    const words = fullChunk();
    expect(crossChunk(words, evens)).toBe(true);
    expect(crossChunk(words, encodeChunk([2, 7]))).toBe(true);
    expect(chunkOffsets(words)).toEqual([2]);
    expect(crossChunk(words, evens)).toBe(true);
    const odds = encodeChunk(Array.from({ length: 5_000 }, (_, i) => i * 2 + 1));
    expect(crossChunk(words, odds)).toBe(false);
    expect(countChunk(words)).toBe(0);
    // A decoded bitset is a copy: changing it leaves the stored chunk alone.
    decodeChunk(evens).fill(0);
    expect(chunkOffsets(decodeChunk(evens))).toHaveLength(5_000);
  });

  it("tell whether they hold an offset, in either form", () => {
    const few = encodeChunk([1, 300, 65_535]);
    const many = encodeChunk(Array.from({ length: 5_000 }, (_, i) => i * 3));
    expect([0, 1, 2, 300, 65_535].map((o) => chunkHas(few, o))).toEqual([false, true, false, true, true]);
    expect([0, 1, 3, 14_997, 15_000].map((o) => chunkHas(many, o))).toEqual([true, false, true, true, false]);
  });

  it("refuse a blob that is neither form", () => {
    expect(() => intersectChunk(fullChunk(), new Uint8Array(3))).toThrow(DamagedChunkError);
    expect(() => chunkWith(new Uint8Array(8_194), 1)).toThrow(DamagedChunkError);
    expect(() => chunkHas(new Uint8Array(5), 1)).toThrow(DamagedChunkError);
  });
});
