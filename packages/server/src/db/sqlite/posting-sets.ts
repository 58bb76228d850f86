// The models holding every one of several filter values: their posting lists (postings-index.ts) read and intersected
// chunk by chunk into bitsets, so a list knows how many match and which, whatever the sizes of the sets crossed.
import { type Kysely, sql } from "kysely";
import type { ModelSet } from "../dialect-adapter.js";
import type { HubDatabase } from "../schema.js";
import { unpackChunks } from "./packed-postings.js";
import { postingCache, type StoredList, type SyncedCache } from "./posting-cache.js";
import {
  andWords,
  bitCount,
  CHUNK_MASK,
  CHUNK_SHIFT,
  CHUNK_WORDS,
  chunkOffsets,
  chunkSize,
  countChunk,
  crossChunk,
  decodeChunk,
  decodeChunkInto,
  intersectChunk,
} from "./posting-chunks.js";
import type { PostingTables } from "./postings-index.js";

/**
 * The bitsets of crossings, kept for the next: a fresh buffer for a dense list at ten million models (153 chunks,
 * 1.25 MB) cost 1.1-1.3 ms of page faults to fill, a reused one 0.2-0.3 ms. A few, as concurrent pages hold a set or two.
 */
const ARENAS: Uint32Array[] = [];
const ARENAS_KEPT = 4;

// A zeroed bitset arena of `chunks` chunks: the smallest kept one large enough, else a new one.
function takeArena(chunks: number): Uint32Array {
  const words = chunks * CHUNK_WORDS;
  let at = -1;
  for (const [i, arena] of ARENAS.entries()) {
    if (arena.length >= words && (at === -1 || arena.length < (ARENAS[at] as Uint32Array).length)) at = i;
  }
  if (at === -1) return new Uint32Array(words);
  const [arena] = ARENAS.splice(at, 1) as [Uint32Array];
  return arena.subarray(0, words).fill(0);
}

// Keeps `arena` (its whole buffer) for the next crossing. A full pool gives up its smallest for a larger one, so small
// crossings early on do not leave every dense list to a fresh buffer.
function giveArena(arena: Uint32Array): void {
  const whole = new Uint32Array(arena.buffer);
  if (whole.length === 0) return;
  if (ARENAS.length < ARENAS_KEPT) {
    ARENAS.push(whole);
    return;
  }
  let smallest = 0;
  for (const [i, kept] of ARENAS.entries()) if (kept.length < (ARENAS[smallest] as Uint32Array).length) smallest = i;
  if ((ARENAS[smallest] as Uint32Array).length < whole.length) ARENAS[smallest] = whole;
}

class ChunkedSet implements ModelSet {
  size: number;

  // `size`: the members of `chunks`, when known; `lists`: the chunks read of each list crossed, each counted when its
  // size is first asked (a dense list's 153 bitsets cost a pass each, and most pages ask the size of one list or none);
  // `arena`: the bitsets' buffer, handed on at release.
  constructor(
    private chunks: Map<number, Uint32Array>,
    private readonly lists: readonly (StoredList | undefined)[],
    size?: number,
    private arena?: Uint32Array,
  ) {
    if (size === undefined) {
      let n = 0;
      for (const words of chunks.values()) n += countChunk(words);
      this.size = n;
    } else this.size = size;
  }

  /** Its chunks, for a crossing to start from (they are the crossing's to change): it holds no member after. */
  takeChunks(): Map<number, Uint32Array> {
    const chunks = this.chunks;
    this.chunks = new Map();
    this.size = 0;
    return chunks;
  }

  release(): void {
    if (this.arena) giveArena(this.arena);
    this.arena = undefined;
    this.chunks.clear();
    this.size = 0;
  }

  sizeOf(index: number): number {
    const list = this.lists[index];
    return list ? listSize(list) : 0;
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

  // Counted as it goes: the crossing's size is asked next on most pages (a pass over every chunk's words otherwise).
  // A chunk left empty is dropped, so the keys of an empty crossing are not a pass over every word either.
  retain(other: ModelSet): void {
    let n = 0;
    for (const [chunk, words] of this.chunks) {
      const left =
        other instanceof ChunkedSet ? andWith(words, other.chunks.get(chunk)) : retainAsked(words, chunk, other);
      if (left === 0) this.chunks.delete(chunk);
      n += left;
    }
    this.size = n;
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

// `words` and'ed with `theirs` in place (none: an empty chunk); the members left.
const andWith = (words: Uint32Array, theirs: Uint32Array | undefined): number =>
  theirs === undefined ? 0 : andWords(words, theirs, true);

// `words` (chunk `chunk`) keeping only the members `other`, a set of another kind, holds; answers the members left.
function retainAsked(words: Uint32Array, chunk: number, other: ModelSet): number {
  let n = 0;
  for (let w = 0; w < CHUNK_WORDS; w++) {
    let word = words[w] as number;
    if (word === 0) continue;
    const base = chunk * 2 ** CHUNK_SHIFT + w * 32;
    for (let bit = 0; bit < 32; bit++) if (word & (1 << bit) && !other.has(base + bit)) word &= ~(1 << bit);
    words[w] = word;
    if (word !== 0) n += bitCount(word);
  }
  return n;
}

// The members of `list` (of the chunks read), counted once per list (a kept list keeps its count).
function listSize(list: StoredList): number {
  list.members ??= list.blobs.reduce((n, blob) => n + chunkSize(blob), 0);
  return list.members;
}

/** The set of a posting list packed in one blob (the aggregate posting_list's answer, packed-postings.ts). */
export function setOfPacked(packed: Uint8Array): ModelSet {
  const chunks = new Map<number, Uint32Array>();
  for (const { chunk, bits } of unpackChunks(packed)) chunks.set(chunk, decodeChunk(bits));
  return new ChunkedSet(chunks, []);
}

/**
 * The keys of `keys` that have a posting list, the smallest list first (by its stored bytes, which SQLite reads from
 * the rows' headers without their blobs, and the posting cache remembers while the count of changes stands): a key
 * without one names no model. `synced`: the posting cache read for the same page (by default, read now).
 */
export async function smallestFirst(
  db: Kysely<HubDatabase>,
  keys: readonly string[],
  synced?: SyncedCache | null,
): Promise<string[]> {
  const cache = synced === undefined ? await postingCache(db) : synced;
  const unique = [...new Set(keys)];
  const bytes = new Map<string, number>();
  const asked: string[] = [];
  for (const key of unique) {
    const known = cache?.storedBytes(key);
    if (known === undefined) asked.push(key);
    else bytes.set(key, known);
  }
  if (asked.length > 0) {
    const rows = await db
      .withTables<PostingTables>()
      .selectFrom("list_postings")
      .select(["key", sql<number>`sum(length(bits))`.as("bytes")])
      .where("key", "in", asked)
      .groupBy("key")
      .execute();
    const stored = new Map(rows.map((r) => [r.key, Number(r.bytes)]));
    for (const key of asked) {
      const size = stored.get(key) ?? 0;
      bytes.set(key, size);
      cache?.noteStoredBytes(key, size);
    }
  }
  const size = (key: string) => bytes.get(key) ?? 0;
  return unique.filter((key) => size(key) > 0).sort((a, b) => size(a) - size(b));
}

/**
 * Reading a list restricted to the chunks still holding members pays when they are at most this many: a dense list
 * at ten million models has 153 chunks, and seeking each costs about what reading the next does.
 */
const FEW_CHUNKS = 48;

// Lists most likely small first: an author's, a tag's, a task's, a library's (key prefixes, postings-index.ts).
const LIKELY_SMALL_FIRST = ["a:", "t:", "p:", "l:"];
const likelyRank = (key: string) => {
  const at = LIKELY_SMALL_FIRST.findIndex((prefix) => key.startsWith(prefix));
  return at === -1 ? LIKELY_SMALL_FIRST.length : at;
};

/**
 * The models holding every posting list of `keys` (at least one key), with the size of each list (in the order of
 * `keys`; for a list read only in part, the members of the chunks read). Lists likely small are read first (an
 * author's before a library's), then of each next list only the chunks still holding members when they are few: a
 * small author crossed with a large library reads a few chunks of the library, not 153 bitsets of 8 KiB.
 * With `within`, the crossing starts from its members, in its own bitsets (it holds none after; its arena stays its
 * own to release): a set read already is not copied into a new arena and crossed again after (2-3 ms for dense
 * lists at ten million models). `synced`: the posting cache read for the same page (by default, read now).
 */
export async function intersectPostings(
  db: Kysely<HubDatabase>,
  keys: readonly string[],
  within?: ModelSet,
  synced?: SyncedCache | null,
): Promise<ModelSet> {
  if (within !== undefined && !(within instanceof ChunkedSet)) {
    const set = await intersectPostings(db, keys, undefined, synced);
    set.retain(within);
    return set;
  }
  const order = [...new Set(keys)].sort((a, b) => likelyRank(a) - likelyRank(b));
  const cache = synced === undefined ? await postingCache(db) : synced;
  const read = new Map<string, StoredList>();
  let chunks: Map<number, Uint32Array> | null = within ? within.takeChunks() : null;
  let members = 0;
  let arena: Uint32Array | undefined;
  for (const [at, key] of order.entries()) {
    if (chunks?.size === 0) break;
    // Only the last list crossed is counted: the set's size is what it leaves.
    const last = at === order.length - 1;
    const list = cache?.get(key) ?? (await readList(db, key, chunks, cache));
    const next = new Map<number, Uint32Array>();
    // The first list's bitsets, one arena for all.
    const first = chunks === null ? takeArena(list.chunks.length) : null;
    if (first) arena = first;
    // A lone list's members are its count, which a kept list keeps; a crossing counts its last list as it goes.
    members = first && last ? listSize(list) : 0;
    for (let i = 0; i < list.chunks.length; i++) {
      const chunk = list.chunks[i] as number;
      const bits = list.blobs[i] as Uint8Array;
      if (first) {
        // A stored chunk is never empty (its last member's removal deletes the row).
        next.set(chunk, decodeChunkInto(bits, first.subarray(i * CHUNK_WORDS, (i + 1) * CHUNK_WORDS)));
        continue;
      }
      const words = chunks?.get(chunk);
      if (words === undefined) continue;
      if (!last) {
        if (crossChunk(words, bits)) next.set(chunk, words);
        continue;
      }
      const left = intersectChunk(words, bits);
      if (left > 0) next.set(chunk, words);
      members += left;
    }
    read.set(key, list);
    chunks = next;
  }
  return new ChunkedSet(
    chunks ?? new Map(),
    keys.map((key) => read.get(key)),
    members,
    arena,
  );
}

// The list of `key`: only the chunks still holding members of `chunks` (the crossing so far) when they are few, else
// the whole list, which `cache` may keep (its copy is then the one to use).
async function readList(
  db: Kysely<HubDatabase>,
  key: string,
  chunks: Map<number, Uint32Array> | null,
  cache: SyncedCache | null,
): Promise<StoredList> {
  let rows = db
    .withTables<PostingTables>()
    .selectFrom("list_postings")
    .select(["chunk", "bits"])
    .where("key", "=", key);
  const some = chunks !== null && chunks.size <= FEW_CHUNKS;
  if (some) rows = rows.where("chunk", "in", [...chunks.keys()]);
  const found = await rows.execute();
  const list = { chunks: found.map((r) => r.chunk), blobs: found.map((r) => r.bits) };
  return (some ? undefined : cache?.put(key, list)) ?? list;
}
