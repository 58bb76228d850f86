import type { Kysely } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";
import { MODEL_INDEXES } from "./model-indexes.js";
import type { HubDatabase } from "./schema.js";

// Where indexes do not end with the sequence key implicitly, it is appended so keyset pages stay index ranges.
function indexColumns(columns: readonly string[], adapter: DialectAdapter): string[] {
  return adapter.indexesEndWithSequence ? [...columns] : [...columns, "pk"];
}

/** Creates every secondary index of `models` that does not exist yet. */
export async function createModelIndexes(db: Kysely<HubDatabase>, adapter: DialectAdapter): Promise<void> {
  for (const index of MODEL_INDEXES) {
    await db.schema
      .createIndex(index.name)
      .ifNotExists()
      .on("models")
      .columns(indexColumns(index.columns, adapter))
      .execute();
  }
}

/** Drops the secondary indexes of `models` (bulk load); the unique id index stays for upserts. */
export async function dropModelIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const index of MODEL_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
}
