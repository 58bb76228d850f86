import { type Kysely, sql } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";
import { moveRepositoryRowsToNewest } from "./file-dedupe.js";
import { ID_KEY, ID_KEY_INDEX } from "./model-id-key.js";
import { MODEL_INDEXES, requiredColumns } from "./model-indexes.js";
import type { HubDatabase } from "./schema.js";

// Where indexes do not end with the sequence key implicitly, it is appended so keyset pages stay index ranges.
function indexColumns(columns: readonly string[], adapter: DialectAdapter): string[] {
  return adapter.indexesEndWithSequence ? [...columns] : [...columns, "pk"];
}

/**
 * Creates every secondary index of `models` that does not exist yet. One created before its optional columns were left
 * out (model-indexes.ts) stays whole: it serves the same pages, and the next bulk load rebuilds it.
 */
export async function createModelIndexes(db: Kysely<HubDatabase>, adapter: DialectAdapter): Promise<void> {
  for (const index of MODEL_INDEXES) {
    let create = db.schema
      .createIndex(index.name)
      .ifNotExists()
      .on("models")
      .columns(indexColumns(index.columns, adapter));
    for (const column of requiredColumns(index)) create = create.where(sql.ref(column), "is not", null);
    await create.execute();
  }
}

/** Drops the secondary indexes of `models` (bulk load). */
export async function dropModelIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const index of MODEL_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
}

/**
 * The private models by author: a partial index, nearly empty (almost every model is public), which a list asks for the
 * models its reader may not see (store/visibility.ts hiddenModels, whose condition spells `private = 1` as a literal so
 * the planner may use it). Until 0018 every model had an entry in an index by (private, author), which a bulk load
 * rebuilt in 12.7 s at ten million models and every write kept up.
 */
export const VISIBILITY_INDEX = "models_private";

// The index by (private, author) that migration 0003_accounts created.
const FORMER_VISIBILITY_INDEX = "models_by_private";

/** Creates the index of private models by author when missing. */
export async function createVisibilityIndex(db: Kysely<HubDatabase>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(VISIBILITY_INDEX)} ON models (author) WHERE private = 1`.execute(db);
}

/** Drops the index of private models, and the former index by (private, author) (bulk load, migration 0018). */
export async function dropVisibilityIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.dropIndex(VISIBILITY_INDEX).ifExists().execute();
  await db.schema.dropIndex(FORMER_VISIBILITY_INDEX).ifExists().execute();
}

/**
 * The index of each tag's models by key: a list walking another index tests a row's tag with one lookup here, from
 * the key alone (model_tags' own key starts with downloads, which only a walk in download order holds). A dialect
 * that keeps posting lists tests the tag on them instead (DialectAdapter.hasTag) and keeps no such index: at ten
 * million models it is 74 million entries, a minute of a bulk load.
 */
export const TAG_MODEL_INDEX = "model_tags_by_model";

/** Creates the index of each tag's models by key. */
export async function createTagModelIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.createIndex(TAG_MODEL_INDEX).ifNotExists().on("model_tags").columns(["tag", "model_pk"]).execute();
}

/** Drops the index of each tag's models by key (bulk load: model_tags is rebuilt whole). */
export async function dropTagModelIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.dropIndex(TAG_MODEL_INDEX).ifExists().execute();
}

/**
 * The models whose downloads the hub has counted (a partial index, nearly empty after an import): a hub's start
 * recounts their window (FileStore.refreshDownloads), which otherwise read every row (0.36 s at a million models).
 * A bulk load drops and rebuilds it as it does every index (cheaply: few rows qualify).
 */
export const COUNTED_INDEX = "models_counted";

/** Creates the index of models with counted downloads when missing. */
export async function createCountedIndex(db: Kysely<HubDatabase>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(COUNTED_INDEX)} ON models (pk) WHERE downloads_all_time > 0`.execute(
    db,
  );
}

/** Drops the index of models with counted downloads (bulk load). */
export async function dropCountedIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.dropIndex(COUNTED_INDEX).ifExists().execute();
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

/** Creates the unique index of ids' case-insensitive key; the table must hold no two ids differing only in case. */
export async function createIdKeyIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.createIndex(ID_KEY_INDEX).ifNotExists().unique().on("models").expression(ID_KEY).execute();
}

/** Drops the unique index of ids' case-insensitive key (bulk load). */
export async function dropIdKeyIndex(db: Kysely<HubDatabase>): Promise<void> {
  await db.schema.dropIndex(ID_KEY_INDEX).ifExists().execute();
}

/** Both unique indexes of ids: the exact one (sorting by id) and the case-insensitive one (identity). */
export async function createIdIndexes(db: Kysely<HubDatabase>): Promise<void> {
  await createIdIndex(db);
  await createIdKeyIndex(db);
}

/** A record a bulk load did not keep: its id differs only in case from one stored before it. */
export interface CaseCollision {
  /** The record's id. */
  id: string;
  /** The id of the model that was there first. */
  existing: string;
}

const DEDUPE_INDEX = "models_id_dedupe";
const CASE_DEDUPE_INDEX = "models_id_key_dedupe";

// A bulk load appends rows; one whose id differs only in case from an earlier row's (a stored model, or a record
// earlier in the load) would create a second model under one name. The first row of each key keeps its id, as an
// upsert does (it refuses such records): the later case variants are removed and returned. Appended rows have no
// files or downloads yet, so nothing depends on what is removed.
async function dropLaterCaseVariants(db: Kysely<HubDatabase>): Promise<CaseCollision[]> {
  const any = await sql`SELECT 1 AS x FROM models GROUP BY lower(id) HAVING count(DISTINCT id) > 1 LIMIT 1`.execute(db);
  if (any.rows.length === 0) return [];
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(CASE_DEDUPE_INDEX)} ON models (lower(id), pk)`.execute(db);
  const first = sql`(SELECT min(f.pk) FROM models f WHERE lower(f.id) = lower(m.id))`;
  const { rows } = await sql<CaseCollision & { pk: number }>`SELECT m.pk, m.id, e.id AS existing
    FROM models m JOIN models e ON e.pk = ${first} WHERE m.id <> e.id`.execute(db);
  const pks = rows.map((r) => r.pk);
  for (let start = 0; start < pks.length; start += 500) {
    await db
      .deleteFrom("models")
      .where("pk", "in", pks.slice(start, start + 500))
      .execute();
  }
  await db.schema.dropIndex(CASE_DEDUPE_INDEX).ifExists().execute();
  const seen = new Map(rows.map((r) => [r.id, { id: r.id, existing: r.existing }]));
  return [...seen.values()];
}

/**
 * Removes later case variants of stored ids (returned), then keeps only the newest row (largest pk) of each id, then
 * restores both unique indexes of ids.
 */
export async function dedupeIds(db: Kysely<HubDatabase>): Promise<CaseCollision[]> {
  const collisions = await dropLaterCaseVariants(db);
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
  await createIdIndexes(db);
  return collisions;
}
