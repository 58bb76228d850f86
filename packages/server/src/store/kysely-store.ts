// The Store over Kysely: the same code for SQLite and PostgreSQL; what differs comes from the DialectAdapter.
import type { Insertable, Kysely } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import { createModelIndexes, dropModelIndexes } from "../db/model-index-ddl.js";
import type { HubDatabase, ModelsTable } from "../db/schema.js";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import { listModels } from "./list-models.js";
import { fromRow, toRow } from "./model-row.js";
import type { BulkLoad, Counted, Store } from "./store.js";

/** Rows per INSERT statement: 11 parameters each stays far below both dialects' parameter limits. */
export const ROWS_PER_INSERT = 500;

/** The `hub_meta` key set while a bulk load runs; found at start-up, it means the load must be finished. */
export const BULK_LOAD_KEY = "bulk_load";

// The last record of each id wins, as if the records were upserted one by one.
function lastPerId(models: readonly HubModel[]): Insertable<ModelsTable>[] {
  const byId = new Map<string, HubModel>();
  for (const model of models) byId.set(model.id, model);
  return [...byId.values()].map(toRow);
}

async function upsertRows(db: Kysely<HubDatabase>, rows: Insertable<ModelsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto("models")
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          author: eb.ref("excluded.author"),
          library_name: eb.ref("excluded.library_name"),
          pipeline_tag: eb.ref("excluded.pipeline_tag"),
          tags: eb.ref("excluded.tags"),
          downloads: eb.ref("excluded.downloads"),
          likes: eb.ref("excluded.likes"),
          last_modified: eb.ref("excluded.last_modified"),
          created_at: eb.ref("excluded.created_at"),
          data: eb.ref("excluded.data"),
        })),
      )
      .execute();
  }
}

async function counted(rows: Promise<{ id: string | null; count: number | string | bigint }[]>): Promise<Counted[]> {
  return (await rows).flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }]));
}

/** Rebuilds what a bulk load skipped; also run at start-up when a bulk load was cut off. */
export async function finishBulkLoad(db: Kysely<HubDatabase>, adapter: DialectAdapter): Promise<void> {
  await createModelIndexes(db, adapter);
  await adapter.rebuildDerived(db);
  await adapter.analyze(db);
  await db.deleteFrom("hub_meta").where("key", "=", BULK_LOAD_KEY).execute();
}

/** A Store over an open, migrated database. */
export function createKyselyStore(db: Kysely<HubDatabase>, adapter: DialectAdapter): Store {
  const upsertModels = (models: readonly HubModel[]) =>
    db.transaction().execute((tx) => upsertRows(tx, lastPerId(models)));

  return {
    dialect: adapter.name,

    listModels: (query) => listModels(db, adapter, query),

    async getModel(id) {
      const row = await db.selectFrom("models").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    async createModel(model) {
      const inserted = await db
        .insertInto("models")
        .values(toRow(model))
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("pk")
        .executeTakeFirst();
      if (!inserted) throw new HubError("conflict", `model "${model.id}" already exists`);
    },

    async replaceModel(model) {
      const { id, ...columns } = toRow(model);
      const result = await db.updateTable("models").set(columns).where("id", "=", id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteModel(id) {
      const result = await db.deleteFrom("models").where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    upsertModels,

    async startBulkLoad(): Promise<BulkLoad> {
      await db
        .insertInto("hub_meta")
        .values({ key: BULK_LOAD_KEY, value: new Date().toISOString() })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: new Date().toISOString() }))
        .execute();
      await adapter.dropDerived(db);
      await dropModelIndexes(db);
      return { upsert: upsertModels, finish: () => finishBulkLoad(db, adapter) };
    },

    async countModels() {
      const row = await db
        .selectFrom("models")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    countLibraries: () =>
      counted(
        db
          .selectFrom("models")
          .select((eb) => ["library_name as id", eb.fn.countAll<number>().as("count")])
          .where("library_name", "is not", null)
          .groupBy("library_name")
          .orderBy("count", "desc")
          .orderBy("library_name")
          .execute(),
      ),

    countPipelines: () =>
      counted(
        db
          .selectFrom("models")
          .select((eb) => ["pipeline_tag as id", eb.fn.countAll<number>().as("count")])
          .where("pipeline_tag", "is not", null)
          .groupBy("pipeline_tag")
          .orderBy("count", "desc")
          .orderBy("pipeline_tag")
          .execute(),
      ),

    topTags: (limit) =>
      counted(
        db
          .selectFrom("model_tags")
          .select((eb) => ["tag as id", eb.fn.countAll<number>().as("count")])
          .groupBy("tag")
          .orderBy("count", "desc")
          .orderBy("tag")
          .limit(limit)
          .execute(),
      ),

    close: () => db.destroy(),
  };
}
