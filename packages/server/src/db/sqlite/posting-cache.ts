// The posting lists read most, kept in memory as read. Crossing two dense lists at ten million models read 2.5 MB of
// 8 KiB blobs (153 rows each, every one over three pages) and counted one of them: 11 of a 17 ms page (a library and
// a tag by date, in process), 6 ms once both are kept. The popular libraries, tasks and tags are the lists read most.
// A copy is good while `postings_version` (postings-index.ts) stands: every write of a model's lists, in any process,
// counts there in the same transaction, and the count is read before the lists, so a list read after a write it
// missed is never kept under a count that would pass it.
import type { Kysely } from "kysely";
import type { HubDatabase } from "../schema.js";
import { isTrigramKey, postingsVersion } from "./postings-index.js";

/** A posting list as stored: its chunks' numbers, ascending, and their blobs. */
export interface StoredList {
  readonly chunks: readonly number[];
  readonly blobs: readonly Uint8Array[];
  /** Its members, once counted (a dense list's 153 bitsets cost a pass: counted once while it is kept). */
  members?: number;
}

/** What a connection's cache keeps (tests at small scale lower them). */
export const POSTING_CACHE_LIMITS = {
  /**
   * Bytes of lists: about 20 of the densest at ten million models (1.25 MB each). SQLite's page cache gave up 16 MB
   * (open-sqlite.ts), which those lists' pages filled before.
   */
  bytes: 24 * 1024 * 1024,
  /** Smaller lists are read each time: a few rows, about as cheap to read as to keep. */
  listBytes: 64 * 1024,
  /**
   * The share of `bytes` id trigrams' lists may hold. Searches ask for any of 3,162 trigrams, nearly a thousand of them
   * dense at ten million models (467 MB), and pushed out the few popular libraries, tasks and tags every filtered page
   * crosses. Over every list shape at a million models (budget and chunk reads scaled to that size), the lists' bytes
   * read from the database: 150 MB with no share, 147 MB at a half, 142 MB at a quarter, 140 MB at a tenth.
   */
  trigramShare: 0.25,
};

/** Most keys remembered as read once. */
const SEEN_MOST = 4_096;

/** Most keys whose stored size is remembered (a search's trigrams: 3,162 lists at ten million models). */
const SIZES_MOST = 16_384;

const bytesOf = (list: StoredList) => list.blobs.reduce((n, blob) => n + blob.length, 0);

// `list` with its blobs copied into one buffer (each at a multiple of 4 bytes, so a bitset is read as words in place):
// a list kept for minutes is one allocation, not 153.
function compact(list: StoredList): StoredList {
  const at = (n: number) => (n + 3) & ~3;
  const buffer = new ArrayBuffer(list.blobs.reduce((n, blob) => at(n) + blob.length, 0));
  const blobs: Uint8Array[] = [];
  let offset = 0;
  for (const blob of list.blobs) {
    offset = at(offset);
    const copy = new Uint8Array(buffer, offset, blob.length);
    copy.set(blob);
    blobs.push(copy);
    offset += blob.length;
  }
  return { chunks: list.chunks, blobs, ...(list.members === undefined ? {} : { members: list.members }) };
}

/**
 * Whole posting lists by key, least recently used first out (id trigrams' lists first while they hold more than their
 * share), all dropped when the count of changes moves.
 */
export class PostingCache {
  private readonly lists = new Map<string, { list: StoredList; bytes: number }>();
  /** Keys of lists read whole once under this count and not kept: the second read keeps one. */
  private readonly seen = new Set<string>();
  /**
   * Stored bytes of lists by key (0: the key has none), as counted under this count: ordering a search's trigram lists
   * by size read each list's rows (2-4 ms at ten million models), where the lists themselves may not be kept.
   */
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private trigramBytes = 0;
  private version: number | null = null;

  constructor(private readonly budget = POSTING_CACHE_LIMITS.bytes) {}

  /** Drops every list unless `version` is the count they were read under. */
  sync(version: number): void {
    if (version === this.version) return;
    this.lists.clear();
    this.seen.clear();
    this.sizes.clear();
    this.bytes = 0;
    this.trigramBytes = 0;
    this.version = version;
  }

  /** The list of `key`, when kept. */
  get(key: string): StoredList | undefined {
    const kept = this.lists.get(key);
    if (kept) {
      this.lists.delete(key);
      this.lists.set(key, kept);
    }
    return kept?.list;
  }

  /**
   * Keeps `list`, read whole after the count `version` was read, when it is large enough to be worth it and the cache
   * is still synced to that count (else a write may have come between, and it may hold the list before the write).
   * Answers the copy kept, which the reader should use (its count of members, once taken, is then kept with it).
   */
  put(key: string, list: StoredList, version: number): StoredList | undefined {
    const bytes = bytesOf(list);
    const trigramBudget = this.budget * POSTING_CACHE_LIMITS.trigramShare;
    const budget = isTrigramKey(key) ? trigramBudget : this.budget;
    if (version !== this.version || bytes < POSTING_CACHE_LIMITS.listBytes || bytes > budget) return undefined;
    // A list read once (a search's rare trigram, a tag few ask for) would push out one read often.
    if (!this.seen.has(key)) {
      if (this.seen.size >= SEEN_MOST) this.seen.clear();
      this.seen.add(key);
      return undefined;
    }
    this.seen.delete(key);
    this.drop(key);
    const kept = compact(list);
    this.lists.set(key, { list: kept, bytes });
    this.count(key, bytes);
    for (const oldest of [...this.lists.keys()]) {
      if (this.trigramBytes <= trigramBudget) break;
      if (isTrigramKey(oldest)) this.drop(oldest);
    }
    for (const oldest of [...this.lists.keys()]) {
      if (this.bytes <= this.budget) break;
      this.drop(oldest);
    }
    return kept;
  }

  // Forgets the list of `key`, if kept.
  private drop(key: string): void {
    const entry = this.lists.get(key);
    if (!entry) return;
    this.lists.delete(key);
    this.count(key, -entry.bytes);
  }

  // Counts `bytes` more (or fewer) kept under `key`.
  private count(key: string, bytes: number): void {
    this.bytes += bytes;
    if (isTrigramKey(key)) this.trigramBytes += bytes;
  }

  /** The stored bytes of the list of `key` (0: it has none), when known under this count. */
  storedBytes(key: string): number | undefined {
    return this.lists.get(key)?.bytes ?? this.sizes.get(key);
  }

  /** Remembers `bytes`, counted after the count `version` was read, as the stored size of `key`'s list. */
  noteStoredBytes(key: string, bytes: number, version: number): void {
    if (version !== this.version) return;
    if (this.sizes.size >= SIZES_MOST) this.sizes.clear();
    this.sizes.set(key, bytes);
  }

  /** Bytes of the lists kept. */
  get size(): number {
    return this.bytes;
  }
}

// One cache per connection (Kysely instance): the count it is synced to is its database's.
const caches = new WeakMap<Kysely<HubDatabase>, PostingCache>();

/** A cache synced to the count of changes read just now, to read lists from and keep those read after. */
export interface SyncedCache {
  get(key: string): StoredList | undefined;
  /** The copy kept of `list`, if it is kept (PostingCache.put). */
  put(key: string, list: StoredList): StoredList | undefined;
  /** PostingCache.storedBytes. */
  storedBytes(key: string): number | undefined;
  /** PostingCache.noteStoredBytes, under the count read with this cache. */
  noteStoredBytes(key: string, bytes: number): void;
}

/**
 * The cache of `db`'s lists, in step with its count of changes; null for a database that keeps no count. Ask for it
 * before reading the lists it may hold.
 */
export async function postingCache(db: Kysely<HubDatabase>): Promise<SyncedCache | null> {
  const version = await postingsVersion(db);
  if (version === null) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = new PostingCache();
    caches.set(db, cache);
  }
  cache.sync(version);
  const synced = cache;
  return {
    get: (key) => synced.get(key),
    put: (key, list) => synced.put(key, list, version),
    storedBytes: (key) => synced.storedBytes(key),
    noteStoredBytes: (key, bytes) => synced.noteStoredBytes(key, bytes, version),
  };
}
