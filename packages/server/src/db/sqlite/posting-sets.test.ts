// Sets of models made from keys (a search index's candidates) and crossed with others in memory.
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { ModelSet } from "../dialect-adapter.js";
import type { HubDatabase } from "../schema.js";
import { KeyBuffer, packChunks } from "./packed-postings.js";
import { CHUNK_SHIFT, encodeChunk } from "./posting-chunks.js";
import { intersectPostings, setOfPacked, smallestFirst } from "./posting-sets.js";
import { sqliteAdapter } from "./sqlite-adapter.js";

// A ModelSet that is no chunked set: `retain` must ask it member by member.
function plainSet(keys: number[]): ModelSet {
  const members = new Set(keys);
  return {
    get size() {
      return members.size;
    },
    sizeOf: () => 0,
    has: (pk) => members.has(pk),
    delete: (pk) => void members.delete(pk),
    release: () => members.clear(),
    retain: () => {
      throw new Error("not used");
    },
    keys: () => [...members].sort((a, b) => a - b),
  };
}

// The set of `keys` as a search index's candidates arrive: packed by the posting_list aggregate, in any order.
function setOfKeys(keys: number[]): ModelSet {
  const buffer = new KeyBuffer();
  for (const key of keys) buffer.push(key);
  return setOfPacked(packChunks(buffer.sorted()));
}

describe("setOfPacked", () => {
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

  it("reads sparse and dense chunks alike", () => {
    const dense = Array.from({ length: 20_000 }, (_, i) => 65_536 * 2 + i * 3);
    const set = setOfKeys([7, ...dense, 9]);
    expect(set.size).toBe(20_002);
    expect(set.keys()).toEqual([7, 9, ...dense]);
    expect(setOfKeys([]).size).toBe(0);
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

describe("intersectPostings", () => {
  // A list_postings table holding `lists` (key → pks), and the statements run against it; `counted`: with the count of
  // changes that lets the posting cache keep what it reads.
  function postings(lists: Record<string, number[]>, counted = false) {
    const raw = new Database(":memory:");
    raw.exec("CREATE TABLE list_postings (key TEXT, chunk INTEGER, bits BLOB, PRIMARY KEY (key, chunk)) WITHOUT ROWID");
    if (counted)
      raw.exec("CREATE TABLE postings_version (n INTEGER NOT NULL); INSERT INTO postings_version VALUES (0)");
    const insert = raw.prepare("INSERT INTO list_postings VALUES (?, ?, ?)");
    for (const [key, pks] of Object.entries(lists)) {
      for (const chunk of new Set(pks.map((pk) => pk >>> CHUNK_SHIFT))) {
        const offsets = pks.filter((pk) => pk >>> CHUNK_SHIFT === chunk).map((pk) => pk & 0xffff);
        insert.run(key, chunk, encodeChunk(offsets));
      }
    }
    const statements: string[] = [];
    const db = new Kysely<HubDatabase>({
      dialect: new SqliteDialect({ database: raw }),
      log: (event) => void (event.level === "query" && statements.push(event.query.sql)),
    });
    return { db, statements, raw };
  }

  const CHUNK = 2 ** CHUNK_SHIFT;
  // Every third model of four chunks, 5,000 of them dense enough for bitsets.
  const wide = Array.from({ length: (4 * CHUNK) / 3 }, (_, i) => 3 * i);
  const few = [2 * CHUNK + 3, 2 * CHUNK + 4, 2 * CHUNK + 6, 3 * CHUNK + 9];

  it("reads an author's list first, then only the chunks of a library's that can still hold members", async () => {
    const { db, statements } = postings({ "l:wide": wide, "a:few": few, "t:none": [5] });
    const set = await intersectPostings(db, ["l:wide", "a:few"]);
    expect(set.keys()).toEqual([2 * CHUNK + 4, 3 * CHUNK + 9]);
    expect(set.size).toBe(2);
    // The author's size is exact (read whole); the library's counts the two chunks read.
    expect([0, 1].map((i) => set.sizeOf(i))).toEqual([wide.filter((pk) => pk >= 2 * CHUNK).length, 4]);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/"chunk" in \(\?, \?\)/);
  });

  it("reads no chunk of a list that shares none with the lists before it", async () => {
    const { db, statements } = postings({ "l:wide": wide, "t:far": [9 * CHUNK + 1] });
    const set = await intersectPostings(db, ["l:wide", "t:far"]);
    expect(set.size).toBe(0);
    expect([0, 1, 2].map((i) => set.sizeOf(i))).toEqual([0, 1, 0]);
    expect(statements[1]).toMatch(/"chunk" in \(\?\)/);
  });

  it("hands a released set's memory to the next crossing, which starts from nothing", async () => {
    const { db } = postings({ "l:wide": wide, "a:few": few, "t:sparse": [1, CHUNK + 2, 3 * CHUNK + 9] });
    const dense = await intersectPostings(db, ["l:wide"]);
    expect(dense.size).toBe(wide.length);
    dense.release();
    expect(dense.keys()).toEqual([]);
    // Array chunks are written into the reused bitsets: a member of the dense list left there would show up here.
    const sparse = await intersectPostings(db, ["t:sparse"]);
    expect(sparse.keys()).toEqual([1, CHUNK + 2, 3 * CHUNK + 9]);
    expect(sparse.size).toBe(3);
    sparse.release();
    expect((await intersectPostings(db, ["t:sparse", "a:few"])).keys()).toEqual([3 * CHUNK + 9]);
  });

  it("crosses starting from a set read before, in its bitsets, reading only the chunks it holds", async () => {
    const { db, statements } = postings({ "l:wide": wide, "t:dense": wide.filter((pk) => pk % 2 === 0) });
    // 0 and 6 are in both lists, 3 in the library's alone, 7 in neither; 2 * CHUNK + 4 is in both (a multiple of 6).
    const within = setOfKeys([0, 3, 6, 7, 2 * CHUNK + 2, 2 * CHUNK + 4]);
    const set = await intersectPostings(db, ["t:dense", "l:wide"], within);
    expect(set.keys()).toEqual([0, 6, 2 * CHUNK + 4]);
    expect(set.size).toBe(3);
    // The set started from holds nothing after: its members are the crossing's.
    expect(within.size).toBe(0);
    // Its two chunks are all the lists are read of; the library's size counts the chunks read.
    expect(statements.every((sql) => /"chunk" in \(\?, \?\)/.test(sql))).toBe(true);
    expect(set.sizeOf(1)).toBe(wide.filter((pk) => pk < CHUNK || (pk >= 2 * CHUNK && pk < 3 * CHUNK)).length);
  });

  it("crosses within a set of another kind by asking it", async () => {
    const { db } = postings({ "l:wide": wide });
    const set = await intersectPostings(db, ["l:wide"], plainSet([3, 4, 2 * CHUNK + 1, 2 * CHUNK + 2]));
    expect(set.keys()).toEqual([3, 2 * CHUNK + 1]);
  });

  it("keeps no empty chunk after a crossing, so crossing it further reads nothing", async () => {
    const { db, statements } = postings({ "l:wide": wide, "t:odd": [1, CHUNK + 1] });
    const set = await intersectPostings(db, ["l:wide"]);
    set.retain(setOfKeys([1, 4, CHUNK + 1]));
    expect(set.size).toBe(0);
    expect(set.keys()).toEqual([]);
    const reads = () => statements.filter((sql) => sql.includes("list_postings")).length;
    const before = reads();
    expect((await intersectPostings(db, ["t:odd"], set)).keys()).toEqual([]);
    expect(reads()).toBe(before);
  });

  it("orders a search's lists smallest first, sizing them once while the count of changes stands", async () => {
    const { db, statements, raw } = postings({ "g:abc": wide, "g:bcd": few, "g:cde": [5] }, true);
    const sizings = () => statements.filter((sql) => sql.includes("sum(length(bits))")).length;
    const keys = ["g:abc", "g:bcd", "g:cde", "g:none"];
    // A key without a list names no model: it is left out, and the caller answers the empty set.
    expect(await smallestFirst(db, keys)).toEqual(["g:cde", "g:bcd", "g:abc"]);
    expect(await smallestFirst(db, keys)).toEqual(["g:cde", "g:bcd", "g:abc"]);
    expect(sizings()).toBe(1);
    // A write counts a change: the sizes are asked again, and the deleted list is gone.
    raw.exec("DELETE FROM list_postings WHERE key = 'g:bcd'; UPDATE postings_version SET n = n + 1");
    expect(await smallestFirst(db, keys)).toEqual(["g:cde", "g:abc"]);
    expect(sizings()).toBe(2);
  });

  it("searches reading the count of changes once, for the lists' sizes and the lists", async () => {
    const { db, statements } = postings({ "g:abc": wide, "g:bcd": few }, true);
    const set = await sqliteAdapter.searchingModels(db, "abcd");
    expect(set?.keys()).toEqual(few.filter((pk) => wide.includes(pk)));
    expect(statements.filter((sql) => sql.includes("postings_version"))).toHaveLength(1);
  });

  it("answers an empty set for a value no model holds", async () => {
    const { db } = postings({ "l:wide": wide });
    expect((await intersectPostings(db, ["l:wide", "l:missing"])).keys()).toEqual([]);
    expect((await intersectPostings(db, ["l:wide"])).size).toBe(wide.length);
  });
});
