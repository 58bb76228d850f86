// PostgreSQL: a pg_trgm GIN index answers substring search on ids, covering sort indexes let a search walk the list's
// order without reading rows; a trigger keeps `model_tags` in step.
import { type Kysely, sql } from "kysely";
import type { DialectAdapter } from "../dialect-adapter.js";
import { searchWalkIndexName } from "../model-indexes.js";
import type { HubDatabase } from "../schema.js";
import { withPostgresMigrationLock } from "./postgres-migration-lock.js";

// pg_trgm cannot narrow a term shorter than one trigram.
const MIN_INDEXED_TERM = 3;

// A pattern matching `term` literally anywhere: ILIKE's wildcards and escape character are escaped.
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// pg_trgm reads only letters and digits, and splits words at anything else: an id's `/`, `-`, `_` and `.` would cut
// "h-m" into two one-letter words and leave no trigram to narrow by (at a million models, 345,000 candidates for
// 2,344 matches). The index holds the id with each of them spelled as a letter no id holds (ids are ASCII), so the
// whole id is one word and every three characters of a term are a trigram. The same letters, in the same order, in
// SEARCH_PUNCTUATION and SEARCH_LETTERS.
const SEARCH_PUNCTUATION = "/-_.";
const SEARCH_LETTERS = "þðæø";
const SEARCH_KEY = sql`translate(id, ${sql.lit(SEARCH_PUNCTUATION)}, ${sql.lit(SEARCH_LETTERS)})`;
const SEARCH_INDEX = "models_id_chars_trgm";

// `term` as SEARCH_KEY spells it, as an ILIKE pattern matching it anywhere (`_` is a letter by then); ILIKE, as
// the trigram index is: a LIKE would recheck "Org/" against "org" case by case and drop it.
function searchKeyPattern(term: string): string {
  const spelled = Array.from(term, (c) => SEARCH_LETTERS[SEARCH_PUNCTUATION.indexOf(c)] ?? c).join("");
  return containsPattern(spelled);
}

// The search walk (store/list-models.ts) reads one of these indexes alone, no row: keyed (sort, pk) as the list's own
// sort index, holding the id to test and `private` for the visibility test.
const WALKED_SORTS = ["downloads", "likes", "last_modified", "created_at", "id"] as const;

// The card's words as a tsvector, exactly as given: they are folded and cut already (card/card-words.ts), so no text
// search configuration may change them. The index is on this expression; queries must spell it the same way.
const CARD_VECTOR = sql`array_to_tsvector(string_to_array(words, ' '))`;

// A tsquery for rows holding every word, each a quoted lexeme (taken as is, never parsed or stemmed).
function allWordsQuery(words: readonly string[]): string {
  return words.map((w) => `'${w.replace(/['\\]/g, (c) => `${c}${c}`)}'`).join(" & ");
}

// Ids are ASCII: lower() folds them as toLowerCase folds the term (SQLite's lower() and instr do the same), and a
// LIKE on the folded id costs a third less per row than ILIKE, which the search walk pays on thousands of rows.
function idContains(term: string) {
  return sql<boolean>`lower(models.id) LIKE ${containsPattern(term.toLowerCase())}`;
}

// The models the trigram index finds for `term` (a superset of those holding it); null when it is too short to narrow.
function searchRows(db: Kysely<HubDatabase>, term: string) {
  if (term.length < MIN_INDEXED_TERM) return null;
  return db.selectFrom("models").where(sql<boolean>`${SEARCH_KEY} ILIKE ${searchKeyPattern(term)}`);
}

async function createTagTrigger(db: Kysely<HubDatabase>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION models_sync_tags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM model_tags
          WHERE tag IN (SELECT json_array_elements_text(OLD.tags::json))
            AND downloads = OLD.downloads AND model_pk = OLD.pk;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO model_tags (tag, downloads, model_pk)
          SELECT DISTINCT t, NEW.downloads, NEW.pk FROM json_array_elements_text(NEW.tags::json) AS t;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE TRIGGER models_sync_tags AFTER INSERT OR DELETE OR UPDATE OF tags, downloads ON models
    FOR EACH ROW EXECUTE FUNCTION models_sync_tags()`.execute(db);
}

async function createSearchIndex(db: Kysely<HubDatabase>): Promise<void> {
  // The index of ids as written (0001 to 0007), which split ids at punctuation, gives way to SEARCH_INDEX.
  await sql`DROP INDEX IF EXISTS models_id_trgm`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(SEARCH_INDEX)} ON models USING gin (${SEARCH_KEY} gin_trgm_ops)`.execute(
    db,
  );
}

async function createSearchWalkIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const column of WALKED_SORTS) {
    const held = ["id", "private"].filter((c) => c !== column).map((c) => sql.id(c));
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(searchWalkIndexName(column))} ON models (${sql.id(column)}, pk)
      INCLUDE (${sql.join(held)})`.execute(db);
  }
}

async function dropSearchIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const name of ["models_id_trgm", SEARCH_INDEX, ...WALKED_SORTS.map(searchWalkIndexName)]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
}

/** The PostgreSQL side of the store. */
export const postgresAdapter: DialectAdapter = {
  name: "postgres",
  indexesEndWithSequence: false,
  idColumnType: sql`text collate "C"`,
  keyedTableSuffix: null,
  sequenceKeyType: sql`integer generated by default as identity`,

  withMigrationLock: withPostgresMigrationLock,

  async currentSchema(db) {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    return rows[0]?.schema;
  },

  async createDerived(db) {
    // In `public` so every schema on the search path (tests use one per run) sees the operator classes.
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await createSearchIndex(db);
    await createTagTrigger(db);
  },

  async dropDerived(db) {
    await sql`DROP TRIGGER IF EXISTS models_sync_tags ON models`.execute(db);
    await dropSearchIndexes(db);
  },

  async rebuildDerived(db) {
    await db.transaction().execute(async (tx) => {
      await sql`TRUNCATE model_tags`.execute(tx);
      await sql`INSERT INTO model_tags (tag, downloads, model_pk)
        SELECT DISTINCT t, m.downloads, m.pk FROM models m, json_array_elements_text(m.tags::json) AS t`.execute(tx);
      await createSearchIndex(tx);
      await createSearchWalkIndexes(tx);
      await createTagTrigger(tx);
    });
  },

  // Each statement of a load commits on its own pooled connection: nothing to switch.
  startBulkWrites: async () => {},
  startIndexBuilds: async () => {},
  endBulkWrites: async () => {},

  async analyze(db) {
    await sql`ANALYZE models`.execute(db);
    await sql`ANALYZE model_tags`.execute(db);
  },

  async settle(db) {
    // A bulk load's rows are all-visible only once VACUUM has marked their pages; until then (autovacuum comes later)
    // an index-only scan still reads each row's page, and the search walk would read a page per row.
    await sql`VACUUM models`.execute(db);
  },

  searchWalkRows: 5_000,
  createSearchWalkIndexes,

  keepsSets: false,
  countedValues: (db, filter) =>
    filter === "tag"
      ? db
          .selectFrom("model_tags")
          .select((eb) => ["tag as id", eb.fn.countAll<number>().as("count")])
          .groupBy("tag")
      : db
          .selectFrom("models")
          .select((eb) => [`${filter} as id`, eb.fn.countAll<number>().as("count")])
          .where(filter, "is not", null)
          .$narrowType<{ id: string }>()
          .groupBy(filter),
  async walkedKeys(_db, walk) {
    const rows = await walk.execute();
    return { seqs: rows.map((r) => Number(r.seq)), lastValue: rows.at(-1)?.value ?? null };
  },
  matchingModels: async () => null,
  searchingModels: async () => null,

  searchCandidates(db, term) {
    return searchRows(db, term)?.select("models.pk").where(idContains(term)) ?? null;
  },

  searchRows,

  // The GIN index lists a term's candidates unordered: the search walk (searchWalkRows) serves the list's order.
  searchInOrder: async () => null,

  // PostgreSQL plans with per-value statistics and the LIMIT: its choice stands.
  unindexed: (column) => column,

  idContains,
  // One lookup in the (tag, model) index (model-index-ddl.ts TAG_MODEL_INDEX), from the row's key alone.
  hasTag: (tag) => sql<boolean>`exists (select 1 from model_tags t where t.tag = ${tag} and t.model_pk = models.pk)`,

  // A function in FROM may read the FROM items before it (LATERAL is implied).
  jsonElements: (array) => sql`json_array_elements_text(${array}::json) AS t(value)`,

  async createCardTextIndex(db) {
    await sql`CREATE INDEX IF NOT EXISTS model_card_text_words ON model_card_text USING gin (${CARD_VECTOR})`.execute(
      db,
    );
  },

  cardCandidates(db, words) {
    return db
      .selectFrom("model_card_text")
      .select("model_card_text.model_pk as pk")
      .where(sql<boolean>`${CARD_VECTOR} @@ ${allWordsQuery(words)}::tsquery`);
  },

  cardContains(words) {
    return sql<boolean>`EXISTS (SELECT 1 FROM model_card_text
      WHERE model_card_text.model_pk = models.pk AND ${CARD_VECTOR} @@ ${allWordsQuery(words)}::tsquery)`;
  },
};
