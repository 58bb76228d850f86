// SQLite: an FTS5 trigram index over ids, keyed in download order (search-order.ts; contentless, so ids are stored
// once, in `models`), which hands a search's candidates out in that order; posting lists of the filters' values and
// of the ids' trigrams (postings-index.ts), which give a search's and the filters' sets; and triggers that keep
// `model_tags`, the index and the lists in step with `models`.
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DialectAdapter, SearchOrder } from "../dialect-adapter.js";
import { searchWalkIndexName } from "../model-indexes.js";
import type { HubDatabase } from "../schema.js";
import { endBulkWrites, startBulkWrites, startIndexBuilds } from "./bulk-writes.js";
import { postingCache } from "./posting-cache.js";
import { intersectPostings, setOfPacked, smallestFirst } from "./posting-sets.js";
import {
  countedLists,
  createPostingsTable,
  createPostingTriggers,
  fillPostings,
  fillTrigramPostings,
  lacksTrigramPostings,
  POSTING_TRIGGER_NAMES,
  postingHolds,
  postingKey,
  trigramKey,
} from "./postings-index.js";
import { KEYED_SORT, keyBound, keyPk, keysInOrder, searchKey } from "./search-order.js";
import { coveringTrigrams, distinctTrigrams, everyTrigramMatch } from "./search-trigrams.js";
import { withSqliteMigrationLock } from "./sqlite-migration-lock.js";

// A contentless index forgets a row only when told its key and id as they were indexed: the update trigger does so
// whenever either changes (a download count moves the key; a moved model changes its id).
const TRIGGERS = [
  sql`CREATE TRIGGER IF NOT EXISTS models_after_insert AFTER INSERT ON models BEGIN
    INSERT INTO models_fts (rowid, id) VALUES (${searchKey("new")}, new.id);
    INSERT INTO model_tags (tag, downloads, model_pk) SELECT DISTINCT value, new.downloads, new.pk FROM json_each(new.tags);
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS models_after_delete AFTER DELETE ON models BEGIN
    INSERT INTO models_fts (models_fts, rowid, id) VALUES ('delete', ${searchKey("old")}, old.id);
    DELETE FROM model_tags
      WHERE tag IN (SELECT value FROM json_each(old.tags)) AND downloads = old.downloads AND model_pk = old.pk;
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS models_after_update_tags AFTER UPDATE OF tags, downloads ON models BEGIN
    DELETE FROM model_tags
      WHERE tag IN (SELECT value FROM json_each(old.tags)) AND downloads = old.downloads AND model_pk = old.pk;
    INSERT INTO model_tags (tag, downloads, model_pk) SELECT DISTINCT value, new.downloads, new.pk FROM json_each(new.tags);
  END`,
  sql`CREATE TRIGGER IF NOT EXISTS models_after_update_search AFTER UPDATE OF id, downloads ON models
    WHEN old.id IS NOT new.id OR old.downloads IS NOT new.downloads BEGIN
    INSERT INTO models_fts (models_fts, rowid, id) VALUES ('delete', ${searchKey("old")}, old.id);
    INSERT INTO models_fts (rowid, id) VALUES (${searchKey("new")}, new.id);
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

const TRIGGER_NAMES = [
  "models_after_insert",
  "models_after_delete",
  "models_after_update_tags",
  "models_after_update_search",
];

async function createTriggers(db: Kysely<HubDatabase>): Promise<void> {
  for (const trigger of TRIGGERS) await trigger.execute(db);
  await createPostingTriggers(db);
}

async function dropTriggers(db: Kysely<HubDatabase>): Promise<void> {
  for (const name of [...TRIGGER_NAMES, ...POSTING_TRIGGER_NAMES]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  }
}

// detail=none keeps the index small and fast to build; idContains re-checks candidates against `models`.
async function createSearchIndex(db: Kysely<HubDatabase>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS models_fts USING fts5(
    id, tokenize = 'trigram', content = '', detail = none, columnsize = 0
  )`.execute(db);
}

// The index as written before 0010: keyed by pk, reading ids from `models` (external content).
async function pkKeyedSearchIndex(db: Kysely<HubDatabase>): Promise<boolean> {
  const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'models_fts'`.execute(db);
  return /content\s*=\s*'models'/.test(rows[0]?.sql ?? "");
}

// Every model's key and id, in key order: FTS5 appends a term's keys in order, and flushes its pending terms at
// each key lower than the last.
async function fillSearchIndex(db: Kysely<HubDatabase>): Promise<void> {
  await sql`INSERT INTO models_fts (models_fts) VALUES ('delete-all')`.execute(db);
  // A larger table of pending terms than the default (kept for single writes) flushes fewer, larger segments,
  // which FTS5 then merges less: a fifth less CPU at a million ids.
  await ftsHashSize(db, FTS_BUILD_HASH_BYTES);
  await sql`INSERT INTO models_fts (rowid, id) SELECT ${searchKey("models")}, id FROM models ORDER BY 1`.execute(db);
  await ftsHashSize(db, FTS_DEFAULT_HASH_BYTES);
}

type SearchIndexTables = { models_fts: { rowid: number; models_fts: string } };

// The id search index's rows `f` that may hold `term`, after `order.after`, in the list's order; null where the index
// does not keep `order` (every key in range orders the models by downloads: search-order.ts).
async function searchIndexInOrder(db: Kysely<HubDatabase>, term: string, order: SearchOrder) {
  const match = everyTrigramMatch(coveringTrigrams(term));
  if (match === null || order.column !== KEYED_SORT || !(await keysInOrder(db))) return null;
  const key = sql.ref("f.rowid");
  let rows = db.withTables<SearchIndexTables>().selectFrom("models_fts as f").where("f.models_fts", "match", match);
  const bound = order.after && keyBound(Number(order.after.value), order.after.seq, order.direction);
  if (bound) rows = rows.where(sql<boolean>`${key} ${sql.raw(order.direction === -1 ? "<" : ">")} ${bound}`);
  return rows.orderBy(key, order.direction === -1 ? "desc" : "asc");
}

// The search walk's indexes (store/list-models.ts searchWalk): each sort the id search index does not keep, in page
// order, holding the id and the visibility flag, so a walk tests a term from the index alone where a row read costs
// about 10 µs at ten million models (the rows are scattered over gigabytes). Keyed (sort, pk), they are the list's own
// indexes of likes and the dates too (model-indexes.ts).
const WALKED_SORTS = ["likes", "last_modified", "created_at", "id"] as const;

async function createSearchWalkIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const column of WALKED_SORTS) {
    const held = (column === "id" ? ["pk", "private"] : ["pk", "id", "private"]).map((c) => sql.id(c));
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(searchWalkIndexName(column))} ON models (${sql.id(column)}, ${sql.join(held)})`.execute(
      db,
    );
  }
}

async function dropSearchWalkIndexes(db: Kysely<HubDatabase>): Promise<void> {
  for (const column of WALKED_SORTS) await sql`DROP INDEX IF EXISTS ${sql.id(searchWalkIndexName(column))}`.execute(db);
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
    // A database from before 0010 has the pk-keyed index and its triggers: both give way, and the index is refilled.
    const rekey = await pkKeyedSearchIndex(db);
    if (rekey) {
      await dropTriggers(db);
      await sql`DROP TABLE models_fts`.execute(db);
    }
    await createSearchIndex(db);
    if (rekey) await fillSearchIndex(db);
    // A database from before 0012 has no postings, one from before 0016 none of ids' trigrams: they are computed once
    // from the tables they index.
    if (await createPostingsTable(db)) await fillPostings(db);
    else if (await lacksTrigramPostings(db)) await fillTrigramPostings(db);
    await createTriggers(db);
  },

  async dropDerived(db) {
    await dropTriggers(db);
    await dropSearchWalkIndexes(db);
  },

  async rebuildDerived(db) {
    await db.transaction().execute(async (tx) => {
      await sql`DELETE FROM model_tags`.execute(tx);
      // Sorted rows build the tag index in order; OR IGNORE drops a repeated tag without a DISTINCT pass.
      await sql`INSERT OR IGNORE INTO model_tags (tag, downloads, model_pk)
        SELECT j.value, m.downloads, m.pk FROM models m, json_each(m.tags) j ORDER BY 1, 2, 3`.execute(tx);
      await fillSearchIndex(tx);
      await createPostingsTable(tx);
      await fillPostings(tx);
      await createTriggers(tx);
    });
    await createSearchWalkIndexes(db);
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

  // Sorted by downloads, the id search index hands candidates out in page order; under another sort a short walk of
  // the sort's covering index finds a common term's page (5,000 entries: about 1.5 ms at ten million models).
  searchWalkRows: 5_000,
  createSearchWalkIndexes,

  keepsSets: true,
  // Two built-in aggregates over the walk, which SQLite feeds in the walk's order: its keys as one JSON array, and its
  // last value as the least or greatest read (the walk is ordered by value first; no sort column is null). A row object
  // per entry cost most (a batch of 16,384 ids at ten million models: 14.5 ms); aggregates written in JS cost a call per
  // entry each, and the one keeping the last value made a string of every id: 6.8 ms for the batch, 3.8 ms this way.
  async walkedKeys(db, walk, descending) {
    const last = descending ? sql`min(w.value)` : sql`max(w.value)`;
    const { rows } = await sql<{ seqs: string; last: unknown }>`SELECT json_group_array(w.seq) AS seqs,
      ${last} AS last FROM (${walk}) AS w`.execute(db);
    const row = rows[0];
    return { seqs: row ? (JSON.parse(row.seqs) as number[]) : [], lastValue: row?.last ?? null };
  },
  matchingModels: (db, filters, within) => intersectPostings(db, filters.map(postingKey), within),
  countedValues: countedLists,

  // The term's trigrams' posting lists crossed, the smallest first (its chunks bound what the others are read of).
  async searchingModels(db, term, within) {
    const trigrams = distinctTrigrams(term);
    if (trigrams.length === 0) return null;
    // One count of changes read for both: the lists' sizes and the lists themselves.
    const cache = await postingCache(db);
    const keys = await smallestFirst(db, trigrams.map(trigramKey), cache);
    return keys.length < trigrams.length ? setOfPacked(new Uint8Array()) : intersectPostings(db, keys, within, cache);
  },

  searchCandidates(db, term) {
    const match = everyTrigramMatch(distinctTrigrams(term));
    if (match === null) return null;
    return db
      .withTables<SearchIndexTables>()
      .selectFrom("models_fts as f")
      .select(keyPk(sql.ref("f.rowid")).as("pk"))
      .where("f.models_fts", "match", match);
  },

  async searchInOrder(db, term, order) {
    const rows = await searchIndexInOrder(db, term, order);
    if (!rows) return null;
    // CROSS JOIN keeps the index the outer loop: its order is the page's, and the LIMIT stops the reading.
    const joined = rows.crossJoin("models").where(sql<boolean>`models.pk = ${keyPk(sql.ref("f.rowid"))}`);
    return joined as unknown as SelectQueryBuilder<HubDatabase, "models", object>;
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

  hasTag: (tag) => postingHolds(["tag", tag], sql.ref("models.pk")),

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
