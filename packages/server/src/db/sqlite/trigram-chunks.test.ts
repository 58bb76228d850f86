// A chunk of the id trigrams' lists built in one pass holds, for each trigram, exactly the models whose id holds it,
// folded as a search term is; draining empties it for the next chunk.
import { describe, expect, it } from "vitest";
import { CHUNK_WORDS, chunkOffsets, fullChunk, intersectChunk } from "./posting-chunks.js";
import { distinctTrigrams } from "./search-trigrams.js";
import { TrigramChunk } from "./trigram-chunks.js";

// trigram -> offsets, as drained.
function drained(chunk: TrigramChunk): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [trigram, bits] of chunk.drain()) {
    const words = fullChunk();
    intersectChunk(words, bits);
    out.set(trigram, chunkOffsets(words));
  }
  return out;
}

// What the search's own trigrams imply.
function implied(ids: readonly (readonly [number, string])[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [offset, id] of ids) {
    for (const t of distinctTrigrams(id)) out.set(t, [...(out.get(t) ?? []), offset]);
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

const sorted = (m: Map<string, number[]>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

describe("TrigramChunk", () => {
  it("holds each trigram's models, repeats within an id once, case folded", () => {
    const ids = [
      [3, "Org/AAAAA"],
      [1, "org/aaa-b"],
      [70, "a/b"],
      [9, "xy"],
      [65_535, "Meta/Llama-3.1-8B"],
    ] as const;
    const chunk = new TrigramChunk();
    for (const [offset, id] of ids) chunk.add(offset, id);
    const got = drained(chunk);
    expect(sorted(got)).toEqual(sorted(implied(ids)));
    expect(got.get("aaa")).toEqual([1, 3]);
    expect(got.get("a/b")).toEqual([70]);
  });

  it("reads an id beyond ASCII by code point, as a search term is read", () => {
    const ids = [
      [0, "org/ÄÖü-x"],
      [1, "org/😀😀ab"],
      [2, "org/äöü"],
    ] as const;
    const chunk = new TrigramChunk();
    for (const [offset, id] of ids) chunk.add(offset, id);
    const got = drained(chunk);
    expect(sorted(got)).toEqual(sorted(implied(ids)));
    expect(got.get("äöü")).toEqual([0, 2]);
    expect(got.get("😀😀a")).toEqual([1]);
  });

  it("stores a trigram most models hold as a bitset, and starts empty after a drain", () => {
    const chunk = new TrigramChunk();
    for (let offset = 0; offset < 5_000; offset++) chunk.add(offset, `org/model-${offset}`);
    const first = new Map(chunk.drain());
    expect(first.get("org")?.length).toBe(CHUNK_WORDS * 4);
    expect(first.get("-49")?.length).toBe(2 * 111);
    chunk.add(7, "abc/def");
    expect([...drained(chunk).keys()].sort()).toEqual(["/de", "abc", "bc/", "c/d", "def"]);
  });
});
