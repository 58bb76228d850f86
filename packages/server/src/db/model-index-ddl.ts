import type { Kysely } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";
import { moveRepositoryRowsToNewest } from "./file-dedupe.js";
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

/** Drops the secondary indexes of `models` (bulk load). */
export async function dropModelIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const index of MODEL_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
}

/** The unique index of model ids: a named index (not a column constraint) so a bulk load can drop and rebuild it. */
export const ID_INDEX = "models_id";

/** Creates the unique index of ids; the table must hold no duplicate id. */
export async function createIdIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.createIndex(ID_INDEX).ifNotExists().unique().on("models").column("id").execute();
}

/** Drops the unique index of ids (bulk load: rows are appended and duplicates removed at the end). */
export async function dropIdIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.dropIndex(ID_INDEX).ifExists().execute();
}

const DEDUPE_INDEX = "models_id_dedupe";

/** Keeps only the newest row (largest pk) of each id, then restores the unique index. */
export async function dedupeIds(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.createIndex(DEDUPE_INDEX).ifNotExists().on("models").columns(["id", "pk"]).execute();
  await moveRepositoryRowsToNewest(db);
  await db
    .deleteFrom("models")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("models as newer")
          .select("newer.pk")
          .whereRef("newer.id", "=", "models.id")
          .whereRef("newer.pk", ">", "models.pk"),
      ),
    )
    .execute();
  await db.schema.dropIndex(DEDUPE_INDEX).ifExists().execute();
  await createIdIndex(db);
}
