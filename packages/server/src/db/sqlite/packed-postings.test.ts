import { describe, expect, it } from "vitest";
import { KeyBuffer, packChunks, unpackChunks } from "./packed-postings.js";
import { CHUNK_WORDS, chunkOffsets, fullChunk, intersectChunk } from "./posting-chunks.js";

// Each chunk of a packed list, decoded to its offsets.
const unpacked = (packed: Uint8Array) =>
  [...unpackChunks(packed)].map(({ chunk, bits }) => {
    const words = fullChunk();
    intersectChunk(words, bits);
    return { chunk, offsets: chunkOffsets(words), bytes: bits.length };
  });

describe("packed posting lists", () => {
  it("gather keys in any order, repeats included, into the chunks of a list", () => {
    const keys = new KeyBuffer();
    for (const key of [70_000, 3, 65_535, 3, 65_536, 140_000]) keys.push(key);
    expect(unpacked(packChunks(keys.sorted()))).toEqual([
      { chunk: 0, offsets: [3, 65_535], bytes: 4 },
      { chunk: 1, offsets: [0, 70_000 - 65_536], bytes: 4 },
      { chunk: 2, offsets: [140_000 - 2 * 65_536], bytes: 2 },
    ]);
  });

  it("keep a chunk of many members as a bitset, past the 16 keys the buffer starts with", () => {
    const keys = new KeyBuffer();
    for (let key = 9_999; key >= 0; key--) keys.push(key * 2);
    const [only, ...rest] = unpacked(packChunks(keys.sorted()));
    expect(rest).toEqual([]);
    expect(only?.bytes).toBe(CHUNK_WORDS * 4);
    expect(only?.offsets).toEqual(Array.from({ length: 10_000 }, (_, i) => i * 2));
  });

  it("sort keys past 32 bits exactly", () => {
    const keys = new KeyBuffer();
    for (const key of [2 ** 33, 3, 2 ** 32 + 5, 2 ** 32 - 1]) keys.push(key);
    expect([...keys.sorted()]).toEqual([3, 2 ** 32 - 1, 2 ** 32 + 5, 2 ** 33]);
    expect(unpacked(packChunks(keys.sorted())).map((c) => c.chunk)).toEqual([0, 65_535, 65_536, 131_072]);
  });

  it("pack no key into an empty blob, and refuse a blob cut short", () => {
    expect(packChunks(new KeyBuffer().sorted())).toHaveLength(0);
    const keys = new KeyBuffer();
    keys.push(5);
    const packed = packChunks(keys.sorted());
    expect(() => [...unpackChunks(packed.subarray(0, packed.length - 1))]).toThrow("cut short");
    expect(() => [...unpackChunks(packed.subarray(0, 3))]).toThrow("cut short");
  });
});
