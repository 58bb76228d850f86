// A bulk load writes through a rollback journal with a larger cache and no per-row index, and leaves the connection
// as a serving one found it: WAL, the serving cache, every index back.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startBulkLoad } from "../../store/bulk-load.js";
import { toRow } from "../../store/model-row.js";
import { createRowWriter } from "../../store/row-writer.js";
import { numberedModels } from "../../test-utils/hub-models.js";
import { migrateToLatest } from "../migrations.js";
import { VISIBILITY_INDEX } from "../model-index-ddl.js";
import type { HubDatabase } from "../schema.js";
import { BULK_CACHE_KIB, endBulkWrites, INDEX_BUILD_CACHE_KIB, startIndexBuilds } from "./bulk-writes.js";
import { openSqlite, SERVING_CACHE_KIB } from "./open-sqlite.js";
import { sqliteAdapter } from "./sqlite-adapter.js";

let dir: string;
let db: Kysely<HubDatabase>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "bulk-writes-"));
  db = openSqlite(join(dir, "hub.db"));
  await migrateToLatest(db, sqliteAdapter);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] ?? {})[0];
const indexes = async () =>
  (await sql<{ name: string }>`SELECT name FROM pragma_index_list('models')`.execute(db)).rows.map((r) => r.name);

describe("a SQLite bulk load's settings", () => {
  it("appends through a rollback journal with no visibility index, then restores WAL and the index", async () => {
    const before = await indexes();
    expect(before).toContain(VISIBILITY_INDEX);
    expect(await pragma("journal_mode")).toBe("wal");
    const writer = createRowWriter(db);
    const load = await startBulkLoad(db, sqliteAdapter, async () => {}, { keepIds: false, writer });
    expect(await pragma("journal_mode")).toBe("delete");
    expect(await pragma("cache_size")).toBe(-BULK_CACHE_KIB);
    expect(await indexes()).toEqual([]);
    await load.upsert(numberedModels("bulk", 50).map(toRow));
    expect(await load.finish()).toEqual([]);
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("cache_size")).toBe(-SERVING_CACHE_KIB);
    expect((await indexes()).sort()).toEqual([...before].sort());
    // The id index was rebuilt with a larger term table, and single writes are back to the default one.
    const hashSize = await sql<{ v: number }>`SELECT v FROM models_fts_config WHERE k = 'hashsize'`.execute(db);
    expect(hashSize.rows).toEqual([{ v: 1024 * 1024 }]);
    const publicModels = db.selectFrom("models").where("private", "=", 0).select(db.fn.countAll().as("n"));
    expect(Number((await publicModels.executeTakeFirstOrThrow()).n)).toBe(50);
  });

  it("builds indexes with a cache the size of a small sort run, then serves with its own cache again", async () => {
    await startIndexBuilds(db);
    expect(await pragma("journal_mode")).toBe("delete");
    expect(await pragma("cache_size")).toBe(-INDEX_BUILD_CACHE_KIB);
    expect(INDEX_BUILD_CACHE_KIB).toBeLessThan(BULK_CACHE_KIB);
    await endBulkWrites(db);
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("cache_size")).toBe(-SERVING_CACHE_KIB);
  });
});
