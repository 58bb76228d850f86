// The posting lists a connection keeps in memory: kept from their second read, the least recently used out first,
// and all dropped once a write moves the count of changes, whichever connection wrote.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createKyselyStore } from "../../store/kysely-store.js";
import { hubModel } from "../../test-utils/hub-models.js";
import { migrateToLatest } from "../migrations.js";
import type { HubDatabase } from "../schema.js";
import { openSqlite } from "./open-sqlite.js";
import { POSTING_CACHE_LIMITS, PostingCache } from "./posting-cache.js";
import { intersectPostings } from "./posting-sets.js";
import { postingsVersion } from "./postings-index.js";
import { sqliteAdapter } from "./sqlite-adapter.js";

const list = (bytes: number, chunk = 0) => ({ chunks: [chunk], blobs: [new Uint8Array(bytes).fill(1)] });

describe("PostingCache", () => {
  const { listBytes, trigramShare } = POSTING_CACHE_LIMITS;
  afterEach(() => {
    Object.assign(POSTING_CACHE_LIMITS, { listBytes, trigramShare });
  });

  it("keeps a list from its second read, as the same bytes in one aligned buffer", () => {
    const cache = new PostingCache(1 << 20);
    cache.sync(1);
    const read = { chunks: [0, 3], blobs: [new Uint8Array(70_001).fill(7), new Uint8Array([1, 2])] };
    cache.put("t:en", read, 1);
    expect(cache.get("t:en")).toBeUndefined();
    cache.put("t:en", read, 1);
    const kept = cache.get("t:en");
    expect(kept?.chunks).toEqual([0, 3]);
    expect(kept?.blobs.map((b) => [...b.slice(0, 3)])).toEqual([
      [7, 7, 7],
      [1, 2],
    ]);
    expect(kept?.blobs[0]?.buffer).toBe(kept?.blobs[1]?.buffer);
    expect(kept?.blobs.map((b) => b.byteOffset % 4)).toEqual([0, 0]);
    expect(cache.size).toBe(70_003);
  });

  it("lets the least recently read list go past its budget, and keeps no small list", () => {
    const cache = new PostingCache(200_000);
    cache.sync(1);
    for (const key of ["a", "b", "a", "b", "tiny", "tiny"]) cache.put(key, list(key === "tiny" ? 10 : 80_000), 1);
    expect(cache.get("tiny")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    cache.put("c", list(80_000), 1);
    cache.put("c", list(80_000), 1);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.size).toBe(160_000);
  });

  it("keeps id trigrams' lists within their share, so searches do not push out the filters' lists", () => {
    // A budget of four lists, two of them trigrams'.
    POSTING_CACHE_LIMITS.trigramShare = 0.5;
    const cache = new PostingCache(320_000);
    cache.sync(1);
    const twice = (key: string) => {
      cache.put(key, list(80_000), 1);
      cache.put(key, list(80_000), 1);
    };
    for (const key of ["l:transformers", "t:en", "g:abc", "g:bcd", "g:cde", "g:def"]) twice(key);
    expect(
      ["l:transformers", "t:en", "g:abc", "g:bcd", "g:cde", "g:def"].map((k) => cache.get(k) !== undefined),
    ).toEqual([true, true, false, false, true, true]);
    // A filter's list still takes the place of the least recently read list, a trigram's or not.
    twice("p:text-generation");
    expect(cache.get("l:transformers")).toBeUndefined();
    expect(cache.size).toBe(320_000);
    // A trigram's list larger than the share is not kept at all.
    cache.put("g:big", list(200_000), 1);
    expect(cache.put("g:big", list(200_000), 1)).toBeUndefined();
  });

  it("drops everything when the count moves, and keeps nothing read under an older count", () => {
    const cache = new PostingCache(1 << 20);
    cache.sync(1);
    cache.put("a", list(80_000), 1);
    const kept = cache.put("a", list(80_000), 1);
    expect(kept).toBeDefined();
    expect(cache.get("a")).toBe(kept);
    cache.sync(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.put("a", list(80_000), 1)).toBeUndefined();
    expect(cache.put("a", list(80_000), 1)).toBeUndefined();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe("lists kept across writes", () => {
  let dir: string;
  let writer: Kysely<HubDatabase>;
  let reader: Kysely<HubDatabase>;
  const small = POSTING_CACHE_LIMITS.listBytes;

  beforeAll(async () => {
    POSTING_CACHE_LIMITS.listBytes = 0;
    dir = mkdtempSync(join(tmpdir(), "posting-cache-"));
    writer = openSqlite(join(dir, "hub.db"));
    await migrateToLatest(writer, sqliteAdapter);
    reader = openSqlite(join(dir, "hub.db"));
  });
  afterAll(async () => {
    POSTING_CACHE_LIMITS.listBytes = small;
    await writer.destroy();
    await reader.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const store = () => createKyselyStore(writer, sqliteAdapter);
  const tagged = async (tag: string) => (await intersectPostings(reader, [`t:${tag}`])).keys().length;

  it("counts each write of a model's lists, and not a change of its downloads", async () => {
    const before = (await postingsVersion(writer)) as number;
    await store().upsertModels([hubModel("org/one", { tags: ["en"] })]);
    const saved = (await postingsVersion(writer)) as number;
    expect(saved).toBeGreaterThan(before);
    await writer.updateTable("models").set({ downloads: 5 }).where("id", "=", "org/one").execute();
    expect(await postingsVersion(writer)).toBe(saved);
  });

  it("answers from a kept list until another connection writes, then reads the list again", async () => {
    for (let i = 0; i < 3; i++) expect(await tagged("en")).toBe(1);
    await store().upsertModels([hubModel("org/two", { tags: ["en"] })]);
    expect(await tagged("en")).toBe(2);
    await writer.deleteFrom("models").where("id", "=", "org/one").execute();
    expect(await tagged("en")).toBe(1);
    await writer
      .updateTable("models")
      .set({ tags: JSON.stringify(["fr"]) })
      .where("id", "=", "org/two")
      .execute();
    expect(await tagged("en")).toBe(0);
    expect(await tagged("fr")).toBe(1);
  });

  it("keeps the size of a list counted whole", async () => {
    await store().upsertModels([hubModel("org/three", { tags: ["fr"] })]);
    for (let i = 0; i < 3; i++) {
      const set = await intersectPostings(reader, ["t:fr", "a:org"]);
      expect([set.sizeOf(0), set.sizeOf(1), set.size]).toEqual([2, 2, 2]);
    }
  });
});
