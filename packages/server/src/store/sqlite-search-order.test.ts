// SQLite reads a search sorted by downloads from the search index in that order (db/sqlite/search-order.ts): the
// pages, followed through their cursors both ways, are exactly the ids holding the term in the list's order, the
// index follows changed downloads, moves and deletes, a database with the index of before 0010 is re-keyed, and a
// model whose downloads do not fit a key sends searches back to the other plans.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrations.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { hubModel } from "../test-utils/hub-models.js";
import { type PlannedSqlite, plannedSqlite, type Statement } from "../test-utils/planned-sqlite.js";
import { createKyselyStore } from "./kysely-store.js";
import { listModels } from "./list-models.js";
import type { ListQuery, Store, Visibility } from "./store.js";

const WORDS = ["llama", "bert", "qwen", "mistral", "gemma", "phi", "t5", "vit"];
// Two thousand models, downloads with many ties (so the pk breaks them); one in forty is made private.
const MODELS = Array.from({ length: 2000 }, (_, i) =>
  hubModel(`org${i % 37}/${WORDS[i % WORDS.length]}-${(i * 7) % 13}b-v${i % 5}`, { downloads: (i * 7919) % 50 }),
);
const PRIVATE = MODELS.filter((_, i) => i % 40 === 0);
// Common, rarer, rare, no match, quotes and wildcards, case.
const TERMS = ["llama", "-3b-v", "org7/gem", "org11/t5-12b-v1", "zzz", '"b', "_", "MiSTRAL"];

// The ids holding `term` that a reader sees (public ones, and the private ones of `namespaces` or of all), in the
// list's order: read without the search index.
async function truth(
  hub: PlannedSqlite,
  term: string,
  direction: 1 | -1,
  visibility: Visibility = { namespaces: [] },
): Promise<string[]> {
  const d = sql.raw(direction === -1 ? "DESC" : "ASC");
  const seen =
    "all" in visibility
      ? sql`1`
      : sql`(private = 0 OR author IN (${sql.join(["", ...visibility.namespaces].map((n) => sql`${n}`))}))`;
  const { rows } = await sql<{ id: string }>`SELECT id FROM models
    WHERE instr(lower(id), ${term.toLowerCase()}) > 0 AND ${seen} ORDER BY downloads ${d}, pk ${d}`.execute(hub.db);
  return rows.map((r) => r.id);
}

// Every id of the search, following each page's cursor.
async function pagedIds(hub: PlannedSqlite, query: Omit<ListQuery, "tags" | "limit">, limit = 7): Promise<string[]> {
  const ids: string[] = [];
  let after: ListQuery["after"];
  for (;;) {
    const page = await listModels(hub.db, sqliteAdapter, { tags: [], limit, ...query, ...(after ? { after } : {}) });
    ids.push(...page.items.map((m) => m.id));
    if (!page.next) return ids;
    after = page.next;
  }
}

describe("SQLite search in download order", () => {
  let hub: PlannedSqlite;
  let store: Store;

  beforeAll(async () => {
    hub = await plannedSqlite(MODELS);
    store = createKyselyStore(hub.db, sqliteAdapter);
    for (const model of PRIVATE) expect(await store.setPrivate(model.id, true)).toBe(true);
  });

  afterAll(async () => {
    await hub.db.destroy();
  });

  async function expectAllTermsRight(): Promise<void> {
    for (const term of TERMS) {
      for (const direction of [-1, 1] as const) {
        expect(await pagedIds(hub, { search: term, sort: "downloads", direction }), `${term} ${direction}`).toEqual(
          await truth(hub, term, direction),
        );
      }
    }
  }

  it("pages through every term both ways exactly as the list orders them", async () => {
    await expectAllTermsRight();
  });

  it("shows a member its namespace's private models, and an admin every one, in the same order", async () => {
    const term = "b-v0";
    const owners = PRIVATE.filter((m) => m.id.includes(term)).map((m) => m.author);
    expect(owners.length).toBeGreaterThan(1);
    for (const visibility of [{ namespaces: owners.slice(0, 2) }, { all: true as const }]) {
      for (const direction of [-1, 1] as const) {
        const expected = await truth(hub, term, direction, visibility);
        expect(expected.length).toBeGreaterThan((await truth(hub, term, direction)).length);
        expect(await pagedIds(hub, { search: term, sort: "downloads", direction, visibility })).toEqual(expected);
      }
    }
  });

  it("reads the page from the search index in order, stopping at the page's end", async () => {
    hub.statements.length = 0;
    const page = await listModels(hub.db, sqliteAdapter, {
      search: "llama",
      tags: [],
      sort: "downloads",
      direction: -1,
      limit: 5,
    });
    expect(page.items).toHaveLength(5);
    const read = hub.statements.find((s) => /models_fts/.test(s.sql)) as Statement;
    const plan = hub.plan(read);
    expect(plan).toMatch(/SCAN f VIRTUAL TABLE/);
    expect(plan).toMatch(/SEARCH models USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(read.sql).toMatch(/limit \?$/);
  });

  it("under another sort, walks that sort's covering index, testing ids without reading a row", async () => {
    for (const [sort, index] of [
      ["likes", "models_search_by_likes"],
      ["createdAt", "models_search_by_created_at"],
      ["lastModified", "models_search_by_last_modified"],
      ["id", "models_search_by_id"],
    ] as const) {
      hub.statements.length = 0;
      const page = await listModels(hub.db, sqliteAdapter, { search: "llama", tags: [], sort, direction: 1, limit: 5 });
      expect(page.items.map((m) => m.id.includes("llama"))).toEqual([true, true, true, true, true]);
      const walk = hub.statements.find((s) => /instr\(lower/.test(s.sql)) as Statement;
      expect(hub.plan(walk)).toMatch(new RegExp(`SCAN models USING COVERING INDEX ${index}\\b`));
    }
  });

  it("follows changed downloads, a moved model and a deleted one", async () => {
    const first = MODELS[1] as (typeof MODELS)[number];
    const moved = MODELS[2] as (typeof MODELS)[number];
    const gone = MODELS[3] as (typeof MODELS)[number];
    await store.upsertModels([
      { ...first, downloads: 1_000 },
      { ...MODELS[9], downloads: 0 } as (typeof MODELS)[number],
    ]);
    expect(await store.moveModel(moved.id, "elsewhere/renamed-xyzzy")).toBe(true);
    expect(await store.deleteModel(gone.id)).toBe(true);
    const top = await listModels(hub.db, sqliteAdapter, {
      search: "bert",
      tags: [],
      sort: "downloads",
      direction: -1,
      limit: 1,
    });
    expect(top.items.map((m) => m.id)).toEqual([first.id]);
    expect(await pagedIds(hub, { search: "xyzzy", sort: "downloads", direction: -1 })).toEqual([
      "elsewhere/renamed-xyzzy",
    ]);
    expect(await pagedIds(hub, { search: moved.id, sort: "downloads", direction: -1 })).toEqual([]);
    expect(await pagedIds(hub, { search: gone.id, sort: "downloads", direction: -1 })).toEqual([]);
    await expectAllTermsRight();
  });

  it("plans searches otherwise while a model's downloads do not fit a key, with the same answers", async () => {
    await store.upsertModels([hubModel("org1/llama-huge", { downloads: 2 ** 35 })]);
    hub.statements.length = 0;
    await listModels(hub.db, sqliteAdapter, { search: "llama", tags: [], sort: "downloads", direction: -1, limit: 5 });
    expect(hub.statements.some((s) => /cross join "models"/.test(s.sql))).toBe(false);
    await expectAllTermsRight();
    await store.deleteModel("org1/llama-huge");
  });

  it("re-keys the index of a database from before 0010 when it migrates", async () => {
    // The index and triggers as 0001 wrote them: keyed by pk, ids read from `models`.
    await sqliteAdapter.dropDerived(hub.db);
    await sql`DROP TABLE models_fts`.execute(hub.db);
    await sql`CREATE VIRTUAL TABLE models_fts USING fts5(
      id, tokenize = 'trigram', content = 'models', content_rowid = 'pk', detail = none, columnsize = 0
    )`.execute(hub.db);
    await sql`INSERT INTO models_fts (models_fts) VALUES ('rebuild')`.execute(hub.db);
    await sql`CREATE TRIGGER models_after_insert AFTER INSERT ON models BEGIN
      INSERT INTO models_fts (rowid, id) VALUES (new.pk, new.id);
    END`.execute(hub.db);
    // As from before 0010: later migrations had not run either.
    await sql`DELETE FROM kysely_migration WHERE name >= '0010'`.execute(hub.db);

    await migrateToLatest(hub.db, sqliteAdapter);
    const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'models_fts'`.execute(
      hub.db,
    );
    expect(rows[0]?.sql).toMatch(/content = ''/);
    await store.upsertModels([hubModel("late/llama-added", { downloads: 49 })]);
    await expectAllTermsRight();
  });
});
