// The Store over Kysely: the same code for SQLite and PostgreSQL; what differs comes from the DialectAdapter.
import type { Kysely } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import { startBulkLoad } from "./bulk-load.js";
import { keepCountedDownloads } from "./counted-downloads.js";
import { createFileStore, withFileSiblings } from "./file-store.js";
import { listTotals } from "./list-facets.js";
import { listModels } from "./list-models.js";
import { fromRow, toRow } from "./model-row.js";
import { createRowWriter, type ModelRow } from "./row-writer.js";
import type { Counted, Store } from "./store.js";

// The last record of each id wins, as if the records were upserted one by one.
function lastPerId(models: readonly HubModel[]): ModelRow[] {
  const byId = new Map<string, HubModel>();
  for (const model of models) byId.set(model.id, model);
  return [...byId.values()].map(toRow);
}

async function counted(rows: Promise<{ id: string | null; count: number | string | bigint }[]>): Promise<Counted[]> {
  return (await rows).flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }]));
}

/** A Store over an open, migrated database. */
export function createKyselyStore(db: Kysely<HubDatabase>, adapter: DialectAdapter): Store {
  const writer = createRowWriter(db);
  const upsertModels = (models: readonly HubModel[]) =>
    db.transaction().execute((tx) => writer.upsert(tx, lastPerId(models)));

  return {
    dialect: adapter.name,

    listModels: (query) => listModels(db, adapter, query),

    async getModel(id) {
      const row = await db.selectFrom("models").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? withFileSiblings(db, row.pk, fromRow(row)) : null;
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
      const { id, downloads, ...columns } = toRow(model);
      const result = await db
        .updateTable("models")
        .set((eb) => ({ ...columns, downloads: keepCountedDownloads(eb, eb.val(downloads)) }))
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteModel(id) {
      const result = await db.deleteFrom("models").where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    upsertModels,

    startBulkLoad: () => startBulkLoad(db, adapter, writer),

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

    listTotals: (filters, tagLimit) => listTotals(db, adapter, filters, tagLimit),

    ...createFileStore(db),

    close: () => db.destroy(),
  };
}
