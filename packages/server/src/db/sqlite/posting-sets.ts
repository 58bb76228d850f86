// The models holding every one of several filter values: their posting lists (postings-index.ts) read and intersected
// chunk by chunk into bitsets, so a list knows how many match and which, whatever the sizes of the sets crossed.
import type { Kysely } from "kysely";
import type { ModelSet } from "../dialect-adapter.js";
import type { HubDatabase } from "../schema.js";
import {
  CHUNK_MASK,
  CHUNK_SHIFT,
  chunkOffsets,
  chunkSize,
  countChunk,
  decodeChunk,
  intersectChunk,
} from "./posting-chunks.js";

class ChunkedSet implements ModelSet {
  size: number;

  constructor(
    private readonly chunks: Map<number, Uint32Array>,
    readonly sizes: readonly number[],
  ) {
    let n = 0;
    for (const words of chunks.values()) n += countChunk(words);
    this.size = n;
  }

  has(pk: number): boolean {
    const words = this.chunks.get(pk >>> CHUNK_SHIFT);
    const offset = pk & CHUNK_MASK;
    return words !== undefined && ((words[offset >>> 5] as number) & (1 << (offset & 31))) !== 0;
  }

  delete(pk: number): void {
    if (!this.has(pk)) return;
    const words = this.chunks.get(pk >>> CHUNK_SHIFT) as Uint32Array;
    const offset = pk & CHUNK_MASK;
    words[offset >>> 5] = (words[offset >>> 5] as number) & ~(1 << (offset & 31));
    this.size--;
  }

  keys(): number[] {
    const out: number[] = [];
    for (const chunk of [...this.chunks.keys()].sort((a, b) => a - b)) {
      const base = chunk * 2 ** CHUNK_SHIFT;
      for (const offset of chunkOffsets(this.chunks.get(chunk) as Uint32Array)) out.push(base + offset);
    }
    return out;
  }
}

type PostingTables = { list_postings: { key: string; chunk: number; bits: Uint8Array } };

/**
 * The models holding every posting list of `keys` (at least one key), with the size of each list (in the order of
 * `keys`; 0 for those not read, once the intersection is empty).
 */
export async function intersectPostings(db: Kysely<HubDatabase>, keys: readonly string[]): Promise<ModelSet> {
  let chunks: Map<number, Uint32Array> | null = null;
  const sizes = new Map<string, number>();
  for (const key of keys) {
    if (sizes.has(key) || chunks?.size === 0) continue;
    const rows = await db
      .withTables<PostingTables>()
      .selectFrom("list_postings")
      .select(["chunk", "bits"])
      .where("key", "=", key)
      .execute();
    const next = new Map<number, Uint32Array>();
    let size = 0;
    for (const { chunk, bits } of rows) {
      size += chunkSize(bits);
      if (chunks === null) {
        next.set(chunk, decodeChunk(bits));
        continue;
      }
      const words = chunks.get(chunk);
      if (words === undefined) continue;
      intersectChunk(words, bits);
      next.set(chunk, words);
    }
    sizes.set(key, size);
    chunks = next;
  }
  return new ChunkedSet(
    chunks ?? new Map(),
    keys.map((key) => sizes.get(key) ?? 0),
  );
}
