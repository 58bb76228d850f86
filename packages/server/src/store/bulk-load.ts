// Bulk loads: rows are appended with no index to maintain; indexes, the id constraint and the derived tables are
// built once at the end. A `hub_meta` flag marks a load in progress so a cut-off load is finished at next start.
import type { Kysely } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import {
  type CaseCollision,
  createCountedIndex,
  createIdIndexes,
  createModelIndexes,
  createTagModelIndex,
  createVisibilityIndex,
  dedupeIds,
  dropCountedIndex,
  dropIdIndex,
  dropIdKeyIndex,
  dropModelIndexes,
  dropTagModelIndex,
  dropVisibilityIndex,
} from "../db/model-index-ddl.js";
import type { HubDatabase } from "../db/schema.js";
import type { Release } from "./database-lock/database-lock.js";
import type { ModelRow, RowWriter } from "./row-writer.js";
import type { BulkLoad } from "./store.js";

/** The `hub_meta` key set while a bulk load runs. */
export const BULK_LOAD_KEY = "bulk_load";

/** True when a bulk load was started and not finished. */
export async function bulkLoadUnfinished(db: Kysely<HubDatabase>): Promise<boolean> {
  const row = await db.selectFrom("hub_meta").select("key").where("key", "=", BULK_LOAD_KEY).executeTakeFirst();
  return row !== undefined;
}

/**
 * Restores the unique id indexes (removing later case variants of an id, returned, and older rows of repeated ids),
 * then rebuilds indexes, derived tables and statistics; clears the flag.
 */
export async function finishBulkLoad(db: Kysely<HubDatabase>, adapter: DialectAdapter): Promise<CaseCollision[]> {
  await adapter.startIndexBuilds(db);
  try {
    // Most loads repeat no id: building the unique indexes straight away is the fast path; it fails on a repeat.
    let collisions: CaseCollision[] = [];
    try {
      await createIdIndexes(db);
    } catch {
      collisions = await dedupeIds(db);
    }
    await createModelIndexes(db, adapter);
    await createVisibilityIndex(db);
    await createCountedIndex(db);
    await adapter.rebuildDerived(db);
    if (!adapter.keepsSets) await createTagModelIndex(db);
    await adapter.analyze(db);
    await adapter.settle(db);
    await db.deleteFrom("hub_meta").where("key", "=", BULK_LOAD_KEY).execute();
    return collisions;
  } finally {
    await adapter.endBulkWrites(db);
  }
}

/**
 * Sets the flag and drops what rows would otherwise maintain one by one; `release` (the bulk-load lock) at finish.
 * `keepIds`: the unique id indexes stay and records are upserted through `upsert` (a re-import into a large table:
 * conflicts are found per record, and only the secondary indexes are rebuilt); else rows are appended.
 */
export async function startBulkLoad(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  release: Release,
  write:
    | { keepIds: false; writer: RowWriter }
    | { keepIds: true; upsert: (rows: readonly ModelRow[]) => Promise<void> },
): Promise<BulkLoad> {
  const now = new Date().toISOString();
  await db
    .insertInto("hub_meta")
    .values({ key: BULK_LOAD_KEY, value: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: now }))
    .execute();
  await adapter.startBulkWrites(db);
  await adapter.dropDerived(db);
  await dropTagModelIndex(db);
  await dropModelIndexes(db);
  await dropVisibilityIndex(db);
  await dropCountedIndex(db);
  if (!write.keepIds) {
    await dropIdIndex(db);
    await dropIdKeyIndex(db);
  }
  return {
    // Appended rows of an id already stored (or repeated) are resolved at finish: the last one written wins.
    upsert: write.keepIds ? write.upsert : (rows) => db.transaction().execute((tx) => write.writer.append(tx, rows)),
    async finish() {
      try {
        return await finishBulkLoad(db, adapter);
      } finally {
        await release();
      }
    },
  };
}
