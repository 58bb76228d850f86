// `list_postings` holds exactly the models of each author, library, task, tag and id trigram after every kind of
// write: inserts, replacements that move a model between values, deletes, moves to another namespace, a bulk load,
// chunks that grow past an array into a bitset and shrink back, keys beyond the first chunk, and a database stored
// before the trigrams' lists were kept.
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKyselyStore } from "../../store/kysely-store.js";
import { toRow } from "../../store/model-row.js";
import type { Store } from "../../store/store.js";
import { hubModel } from "../../test-utils/hub-models.js";
import { migrateToLatest } from "../migrations.js";
import type { HubDatabase } from "../schema.js";
import { openSqlite } from "./open-sqlite.js";
import { CHUNK_SHIFT, CHUNK_WORDS, chunkOffsets, fullChunk, intersectChunk } from "./posting-chunks.js";
import { lacksTrigramPostings } from "./postings-index.js";
import { distinctTrigrams } from "./search-trigrams.js";
import { sqliteAdapter } from "./sqlite-adapter.js";

type Postings = Map<string, number[]>;

// Every posting list, decoded: key → ascending pks.
async function stored(db: Kysely<HubDatabase>): Promise<Postings> {
  const { rows } = await sql<{ key: string; chunk: number; bits: Uint8Array }>`
    SELECT key, chunk, bits FROM list_postings ORDER BY key, chunk`.execute(db);
  const out: Postings = new Map();
  for (const { key, chunk, bits } of rows) {
    const words = fullChunk();
    intersectChunk(words, bits);
    const pks = chunkOffsets(words).map((o) => chunk * 2 ** CHUNK_SHIFT + o);
    expect(pks.length).toBeGreaterThan(0);
    out.set(key, [...(out.get(key) ?? []), ...pks]);
  }
  return out;
}

// The posting lists `models` implies.
async function expected(db: Kysely<HubDatabase>): Promise<Postings> {
  const rows = await db
    .selectFrom("models")
    .select(["pk", "id", "author", "library_name", "pipeline_tag", "tags"])
    .execute();
  const out: Postings = new Map();
  const add = (key: string, pk: number) => {
    const list = out.get(key) ?? [];
    if (!list.includes(pk)) list.push(pk);
    out.set(key, list);
  };
  for (const row of rows) {
    add(`a:${row.author}`, row.pk);
    if (row.library_name !== null) add(`l:${row.library_name}`, row.pk);
    if (row.pipeline_tag !== null) add(`p:${row.pipeline_tag}`, row.pk);
    for (const tag of JSON.parse(row.tags) as string[]) add(`t:${tag}`, row.pk);
    for (const trigram of distinctTrigrams(row.id)) add(`g:${trigram}`, row.pk);
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe("list_postings", () => {
  let db: Kysely<HubDatabase>;
  let store: Store;

  beforeAll(async () => {
    db = openSqlite(":memory:");
    await migrateToLatest(db, sqliteAdapter);
    store = createKyselyStore(db, sqliteAdapter);
  });

  afterAll(async () => {
    await store.close();
  });

  async function expectInStep(): Promise<void> {
    expect(await stored(db)).toEqual(await expected(db));
  }

  it("follows inserts, including a value held by more models than an array chunk keeps", async () => {
    // More than 4,095 models with the tag "common": its chunk becomes a bitset.
    const models = Array.from({ length: 4_300 }, (_, i) =>
      hubModel(`org${i % 7}/m-${i}`, {
        library_name: i % 3 === 0 ? "transformers" : "diffusers",
        ...(i % 5 === 0 ? {} : { pipeline_tag: i % 2 === 0 ? "text-generation" : "text-to-image" }),
        tags: ["common", `t${i % 11}`, ...(i % 13 === 0 ? ["common", "rare"] : [])],
      }),
    );
    await store.upsertModels(models);
    await expectInStep();
    const { rows } = await sql<{
      n: number;
    }>`SELECT length(bits) AS n FROM list_postings WHERE key = 't:common'`.execute(db);
    expect(rows.map((r) => r.n)).toEqual([CHUNK_WORDS * 4]);
  });

  it("follows replacements that change a model's library, task, tags and author", async () => {
    await store.replaceModel(hubModel("org1/m-1", { library_name: "timm", tags: ["vision", "common"] }));
    await store.upsertModels([
      hubModel("org2/m-2", { library_name: "transformers", pipeline_tag: "fill-mask", tags: [] }),
      hubModel("org3/m-3", { tags: ["t3", "t3"] }),
    ]);
    await db
      .updateTable("models")
      .set({ id: "elsewhere/m-4", author: "elsewhere" })
      .where("id", "=", "org4/m-4")
      .execute();
    // A write that changes none of the indexed columns leaves the postings alone (and in step).
    await store.setPrivate("org5/m-5", true);
    await expectInStep();
  });

  it("follows deletes, down to empty lists and a bitset shrinking", async () => {
    for (let i = 0; i < 300; i++) expect(await store.deleteModel(`org${i % 7}/m-${i}`)).toBe(i !== 4);
    await expectInStep();
    const { rows } = await sql`SELECT key FROM list_postings WHERE length(bits) = 0`.execute(db);
    expect(rows).toEqual([]);
  });

  it("keeps keys beyond the first chunk", async () => {
    await sql`INSERT INTO models (pk, id, author, library_name, pipeline_tag, tags, downloads, likes, last_modified,
      created_at, data) SELECT 70000, 'far/away', 'far', library_name, pipeline_tag, tags, downloads, likes,
      last_modified, created_at, data FROM models WHERE id = 'org5/m-306'`.execute(db);
    await expectInStep();
    const chunks = await sql<{ chunk: number }>`SELECT chunk FROM list_postings WHERE key = 'a:far'`.execute(db);
    expect(chunks.rows).toEqual([{ chunk: 1 }]);
  });

  it("is recomputed by a bulk load", async () => {
    const load = await store.startBulkLoad();
    if (!load) throw new Error("no bulk load");
    await load.upsert(
      Array.from({ length: 50 }, (_, i) => hubModel(`bulk/m-${i}`, { tags: ["common", "bulk"] })).map(toRow),
    );
    await load.finish();
    await expectInStep();
    expect((await stored(db)).get("t:bulk")).toHaveLength(50);
    expect((await stored(db)).get("g:ulk")).toHaveLength(50);
  });

  it("fills the trigrams' lists of a database stored before they were kept, once", async () => {
    await sql`DELETE FROM list_postings WHERE key LIKE 'g:%'`.execute(db);
    expect(await lacksTrigramPostings(db)).toBe(true);
    await sqliteAdapter.createDerived(db);
    expect(await lacksTrigramPostings(db)).toBe(false);
    await expectInStep();
  });

  it("keeps ids that are no model id's spelling, by code point and folded as a search term is", async () => {
    await store.upsertModels([hubModel("org1/ok-ÄÖü-Ωmega", { tags: [] })]);
    await expectInStep();
    expect((await stored(db)).has("g:äöü")).toBe(true);
  });
});
