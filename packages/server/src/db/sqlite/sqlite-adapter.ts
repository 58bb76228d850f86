// SQLite: an FTS5 trigram index over ids (external content, so ids are stored once) and triggers that keep
// `model_tags` and the index in step with `models`.
import { type Kysely, sql } from "kysely";
import type { DialectAdapter } from "../dialect-adapter.js";
import type { HubDatabase } from "../schema.js";
import { endBulkWrites, startBulkWrites, startIndexBuilds } from "./bulk-writes.js";
import { withSqliteMigrationLock } from "./sqlite-migration-lock.js";

// The lower-cased trigrams of `term` (by code point, as the tokenizer reads it), each once.
function distinctTrigrams(term: string): string[] {
  const chars = Array.from(term.toLowerCase());
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
}

const TRIGGERS = [
  sql`CREATE TRIGGER IF NOT EXISTS models_after_insert AFTER INSERT ON models BEGIN
    INSERT INTO models_fts (rowid, id) VALUES (new.pk, new.id);
    INSERT INTO model_tags (tag, downloads, model_pk) SELECT DISTINCT value, new.downloads, new.pk FROM json_each(new.tags);
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS models_after_delete AFTER DELETE ON models BEGIN
    INSERT INTO models_fts (models_fts, rowid, id) VALUES ('delete', old.pk, old.id);
    DELETE FROM model_tags
      WHERE tag IN (SELECT value FROM json_each(old.tags)) AND downloads = old.downloads AND model_pk = old.pk;
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS models_after_update_tags AFTER UPDATE OF tags, downloads ON models BEGIN
    DELETE FROM model_tags
      WHERE tag IN (SELECT value FROM json_each(old.tags)) AND downloads = old.downloads AND model_pk = old.pk;
    INSERT INTO model_tags (tag, downloads, model_pk) SELECT DISTINCT value, new.downloads, new.pk FROM json_each(new.tags);
  END`,
];

// The card words' FTS5 index reads `model_card_text` (external content); these keep it in step, deletes by cascade too.
const CARD_TRIGGERS = [
  sql`CREATE TRIGGER IF NOT EXISTS model_card_text_after_insert AFTER INSERT ON model_card_text BEGIN
    INSERT INTO model_card_fts (rowid, words) VALUES (new.model_pk, new.words);
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS model_card_text_after_delete AFTER DELETE ON model_card_text BEGIN
    INSERT INTO model_card_fts (model_card_fts, rowid, words) VALUES ('delete', old.model_pk, old.words);
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS model_card_text_after_update AFTER UPDATE ON model_card_text BEGIN
    INSERT INTO model_card_fts (model_card_fts, rowid, words) VALUES ('delete', old.model_pk, old.words);
    INSERT INTO model_card_fts (rowid, words) VALUES (new.model_pk, new.words);
  END`,
];

// An FTS5 query for rows holding every word: each one quoted, so none is read as an operator.
function allWordsQuery(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(" AND ");
}

// FTS5's memory for pending terms ('hashsize'; an integer, so written as a literal, never a bound JS number).
const FTS_DEFAULT_HASH_BYTES = 1024 * 1024;
const FTS_BUILD_HASH_BYTES = 64 * 1024 * 1024;

async function ftsHashSize(db: Kysely<HubDatabase>, bytes: number): Promise<void> {
  await sql`INSERT INTO models_fts (models_fts, rank) VALUES ('hashsize', ${sql.lit(bytes)})`.execute(db);
}

const TRIGGER_NAMES = ["models_after_insert", "models_after_delete", "models_after_update_tags"];

async function createTriggers(db: Kysely<HubDatabase>): Promise<void> {
  for (const trigger of TRIGGERS) await trigger.execute(db);
}

/** The SQLite side of the store. */
export const sqliteAdapter: DialectAdapter = {
  name: "sqlite",
  indexesEndWithSequence: true,
  idColumnType: "text",
  keyedTableSuffix: sql`without rowid`,
  sequenceKeyType: "integer",

  currentSchema: async () => undefined,
  withMigrationLock: withSqliteMigrationLock,

  async createDerived(db) {
    // detail=none keeps the index small and fast to build; LIKE queries re-check candidates against `models`.
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS models_fts USING fts5(
      id, tokenize = 'trigram', content = 'models', content_rowid = 'pk', detail = none, columnsize = 0
    )`.execute(db);
    await createTriggers(db);
  },

  async dropDerived(db) {
    for (const name of TRIGGER_NAMES) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  },

  async rebuildDerived(db) {
    await db.transaction().execute(async (tx) => {
      await sql`DELETE FROM model_tags`.execute(tx);
      // Sorted rows build the tag index in order; OR IGNORE drops a repeated tag without a DISTINCT pass.
      await sql`INSERT OR IGNORE INTO model_tags (tag, downloads, model_pk)
        SELECT j.value, m.downloads, m.pk FROM models m, json_each(m.tags) j ORDER BY 1, 2, 3`.execute(tx);
      // Not 'rebuild': it may read ids through the id index, in id order, and FTS5 builds fastest in rowid order.
      await sql`INSERT INTO models_fts (models_fts) VALUES ('delete-all')`.execute(tx);
      // A larger table of pending terms than the default (kept for single writes) flushes fewer, larger segments,
      // which FTS5 then merges less: a fifth less CPU at a million ids.
      await ftsHashSize(tx, FTS_BUILD_HASH_BYTES);
      await sql`INSERT INTO models_fts (rowid, id) SELECT pk, id FROM models ORDER BY pk`.execute(tx);
      await ftsHashSize(tx, FTS_DEFAULT_HASH_BYTES);
      await createTriggers(tx);
    });
  },

  startBulkWrites,
  startIndexBuilds,
  endBulkWrites,

  async analyze(db) {
    // A sampled ANALYZE: enough for the planner, seconds faster on a million rows.
    await sql`PRAGMA analysis_limit = 1000`.execute(db);
    await sql`ANALYZE`.execute(db);
  },

  // Nothing beyond ANALYZE: every row is readable from its index at once.
  async settle() {},

  // The FTS5 index streams its candidates: asking it first costs no more than the walk would.
  searchWalkRows: null,
  async createSearchWalkIndexes() {},

  searchCandidates(db, term) {
    const trigrams = distinctTrigrams(term);
    if (trigrams.length === 0) return null;
    // Every trigram of the term, in any order: answered from the index alone (no row is read), a superset of the
    // ids holding the term; idContains makes the final answer exact.
    const match = trigrams.map((t) => `"${t.replaceAll('"', '""')}"`).join(" AND ");
    return db
      .withTables<{ models_fts: { rowid: number; models_fts: string } }>()
      .selectFrom("models_fts")
      .select("models_fts.rowid as pk")
      .where("models_fts.models_fts", "match", match);
  },

  searchRows(db, term) {
    const candidates = sqliteAdapter.searchCandidates(db, term);
    return candidates && db.selectFrom("models").where("models.pk", "in", candidates);
  },

  // SQLite's documented way to keep a term off the indexes: a unary plus, a no-op on the value.
  unindexed: (column) => sql`+${column}`,

  idContains(term) {
    return sql<boolean>`instr(lower(models.id), ${term.toLowerCase()}) > 0`;
  },

  jsonElements: (array) => sql`json_each(${array}) AS t`,

  async createCardTextIndex(db) {
    // The words are folded and cut already (card/card-words.ts): the ascii tokenizer splits at the single spaces
    // only, as PostgreSQL's array_to_tsvector does, so both dialects index the same words.
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS model_card_fts USING fts5(
      words, tokenize = 'ascii', content = 'model_card_text', content_rowid = 'model_pk', detail = none,
      columnsize = 0
    )`.execute(db);
    for (const trigger of CARD_TRIGGERS) await trigger.execute(db);
  },

  cardCandidates(db, words) {
    return db
      .withTables<{ model_card_fts: { rowid: number; model_card_fts: string } }>()
      .selectFrom("model_card_fts")
      .select("model_card_fts.rowid as pk")
      .where("model_card_fts.model_card_fts", "match", allWordsQuery(words));
  },

  cardContains(words) {
    return sql<boolean>`models.pk IN (SELECT rowid FROM model_card_fts WHERE model_card_fts MATCH ${allWordsQuery(words)})`;
  },
};
