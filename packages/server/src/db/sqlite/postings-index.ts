// `list_postings`: for each filter value a list accepts (an author, a library, a task, a tag), the keys of the models
// holding it, in chunks of 65,536 keys (posting-chunks.ts). A list crossing several filters intersects their postings
// in memory and so knows exactly which models match, however large each set and however small their intersection
// (SQLite has no bitmap index scans: a walk of one filter's index testing the other read every row of the larger set,
// half a second at a million models and a minute at ten million). It keeps the models whose id holds each trigram
// too, so a search term's candidates are its trigrams' lists crossed in memory (a few milliseconds), where the FTS5
// index took 130-340 ms to count those of a common term at ten million. Triggers keep it in step with `models`, in
// the same transaction as each write, and count each change in `postings_version` (posting-cache.ts keeps the lists
// read most in memory while that count stands).
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { FilterValue } from "../dialect-adapter.js";
import type { HubDatabase } from "../schema.js";
import { CHUNK_MASK, CHUNK_SHIFT } from "./posting-chunks.js";
import { TrigramChunk } from "./trigram-chunks.js";

type PostingFilter = FilterValue[0];

/** `list_postings` as Kysely reads it (derived, so not in HubDatabase). */
export type PostingTables = { list_postings: { key: string; chunk: number; bits: Uint8Array } };

/** The filters a posting list is kept for, with the prefix of their keys. */
const POSTING_PREFIXES: Record<PostingFilter, string> = {
  author: "a:",
  library_name: "l:",
  pipeline_tag: "p:",
  tag: "t:",
};

/** The key of a filter value's posting list. */
export const postingKey = ([filter, value]: FilterValue): string => `${POSTING_PREFIXES[filter]}${value}`;

/** The prefix of the keys of the id trigrams' lists ("g:" + a trigram as search-trigrams.ts folds it). */
const TRIGRAM_PREFIX = "g:";

/** The key of the posting list of the models whose id holds `trigram`. */
export const trigramKey = (trigram: string): string => `${TRIGRAM_PREFIX}${trigram}`;

/** Whether `key` is the key of an id trigram's list (not a filter value's). */
export const isTrigramKey = (key: string): boolean => key.startsWith(TRIGRAM_PREFIX);

// Every key of `prefix` ("x:") and none other: "x;" follows each "x:..." key and no other prefix is between.
const keysAfter = (prefix: string) => sql<boolean>`key >= ${prefix} AND key < ${`${prefix.slice(0, -1)};`}`;

const TRIGRAM_KEYS = keysAfter(TRIGRAM_PREFIX);

/**
 * Every value of `filter` with its count of models, counted on its posting list (posting_size of each chunk): at ten
 * million models, grouping `model_tags` (74 million rows) took 19-23 s where the tags' lists are 532,000 rows, and
 * grouping an index of libraries or tasks 20 s where their lists are a few thousand.
 */
export function countedLists(db: Kysely<HubDatabase>, filter: PostingFilter) {
  const prefix = POSTING_PREFIXES[filter];
  return db
    .withTables<PostingTables>()
    .selectFrom("list_postings")
    .select([sql<string>`substr(key, ${prefix.length + 1})`.as("id"), sql<number>`sum(posting_size(bits))`.as("count")])
    .where(keysAfter(prefix))
    .groupBy("key");
}

const prefix = (filter: PostingFilter) => sql.lit(POSTING_PREFIXES[filter]);
const chunkOf = (pk: RawBuilder<unknown>) => sql`(${pk} >> ${sql.lit(CHUNK_SHIFT)})`;
const offsetOf = (pk: RawBuilder<unknown>) => sql`(${pk} & ${sql.lit(CHUNK_MASK)})`;

/**
 * True when the posting list of `value` holds the model whose key is `pk`: one lookup of its chunk, from the key alone
 * (a list walking an index tests a tag without reading the row).
 */
export function postingHolds(value: FilterValue, pk: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from list_postings p
    where p.key = ${postingKey(value)} and p.chunk = ${chunkOf(pk)} and posting_has(p.bits, ${offsetOf(pk)}))`;
}

// The keys of one row of `models` in a trigger (`new` or `old`).
function keysOf(row: "new" | "old"): RawBuilder<unknown> {
  const r = (column: string) => sql`${sql.raw(row)}.${sql.ref(column)}`;
  return sql`SELECT ${prefix("author")} || ${r("author")} AS key
    UNION SELECT ${prefix("library_name")} || ${r("library_name")} WHERE ${r("library_name")} IS NOT NULL
    UNION SELECT ${prefix("pipeline_tag")} || ${r("pipeline_tag")} WHERE ${r("pipeline_tag")} IS NOT NULL
    UNION SELECT ${prefix("tag")} || value FROM json_each(${r("tags")})
    UNION SELECT ${sql.lit(TRIGRAM_PREFIX)} || trigram FROM id_trigrams(${r("id")})`;
}

// A trigger's statement adding the model `new` to the posting lists of `keys` (a query of a `key` column).
function addKeys(keys: RawBuilder<unknown>): RawBuilder<unknown> {
  const pk = sql.ref("new.pk");
  return sql`INSERT INTO list_postings (key, chunk, bits)
    SELECT key, ${chunkOf(pk)}, posting_with(NULL, ${offsetOf(pk)}) FROM (${keys}) WHERE true
    ON CONFLICT (key, chunk) DO UPDATE SET bits = posting_with(bits, ${offsetOf(pk)});`;
}

// A trigger's statements removing the model `old` from the posting lists of `keys`, and any chunk left empty.
function removeKeys(keys: RawBuilder<unknown>): RawBuilder<unknown> {
  const pk = sql.ref("old.pk");
  const where = sql`chunk = ${chunkOf(pk)} AND key IN (${keys})`;
  return sql`UPDATE list_postings SET bits = posting_without(bits, ${offsetOf(pk)}) WHERE ${where};
    DELETE FROM list_postings WHERE ${where} AND length(bits) = 0;`;
}

// The keys of `row` the other row of an update does not hold (under the same key: a moved key moves every list).
function keysOnlyOf(row: "new" | "old"): RawBuilder<unknown> {
  const other = row === "new" ? "old" : "new";
  return sql`SELECT key FROM (${keysOf(row)})
    EXCEPT SELECT key FROM (${keysOf(other)}) WHERE ${sql.ref(`${other}.pk`)} = ${sql.ref(`${row}.pk`)}`;
}

const FILTER_COLUMNS = ["author", "library_name", "pipeline_tag", "tags", "id"] as const;
const changed = sql.join(
  FILTER_COLUMNS.map((c) => sql`old.${sql.ref(c)} IS NOT new.${sql.ref(c)}`),
  sql` OR `,
);

/** `postings_version`: one row counting the changes of `list_postings`, so a copy of a list read before is known stale. */
const VERSION_TABLE = "postings_version";

// The statement counting one change of `list_postings` (once per model written: its lists change together).
const bumpVersion = sql`UPDATE ${sql.table(VERSION_TABLE)} SET n = n + 1;`;

const TRIGGERS = [
  sql`CREATE TRIGGER IF NOT EXISTS models_postings_insert AFTER INSERT ON models
    BEGIN ${addKeys(keysOf("new"))} ${bumpVersion} END`,
  sql`CREATE TRIGGER IF NOT EXISTS models_postings_delete AFTER DELETE ON models
    BEGIN ${removeKeys(keysOf("old"))} ${bumpVersion} END`,
  // Only the lists the update changes: a new tag is one list, where removing and adding every key was 40 or more
  // (an id's trigrams among them).
  sql`CREATE TRIGGER IF NOT EXISTS models_postings_update AFTER UPDATE OF ${sql.join(FILTER_COLUMNS.map((c) => sql.ref(c)))}
    ON models WHEN ${changed} BEGIN ${removeKeys(keysOnlyOf("old"))} ${addKeys(keysOnlyOf("new"))} ${bumpVersion} END`,
];

/** The triggers that keep `list_postings` in step with `models`. */
export const POSTING_TRIGGER_NAMES = ["models_postings_insert", "models_postings_delete", "models_postings_update"];

/** Creates `list_postings` when missing; true when it was created (it is then empty). */
export async function createPostingsTable(db: Kysely<HubDatabase>): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE name = 'list_postings'`.execute(db);
  if (rows.length > 0) return false;
  await sql`CREATE TABLE list_postings (
    key TEXT NOT NULL, chunk INTEGER NOT NULL, bits BLOB NOT NULL, PRIMARY KEY (key, chunk)
  ) WITHOUT ROWID`.execute(db);
  return true;
}

// Creates `postings_version` when missing (a database from before it was kept), with its one row.
async function createVersionTable(db: Kysely<HubDatabase>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(VERSION_TABLE)} (n INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO ${sql.table(VERSION_TABLE)} (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(VERSION_TABLE)})`.execute(
    db,
  );
}

/** The count of changes of `list_postings` so far; null in a database that does not keep it. */
export async function postingsVersion(db: Kysely<HubDatabase>): Promise<number | null> {
  try {
    const { rows } = await sql<{ n: number }>`SELECT n FROM ${sql.table(VERSION_TABLE)}`.execute(db);
    return rows[0]?.n ?? null;
  } catch {
    return null;
  }
}

/**
 * Creates the triggers of `list_postings` (and the count of its changes), replacing those of an older version (which
 * kept fewer lists, or did not count).
 */
export async function createPostingTriggers(db: Kysely<HubDatabase>): Promise<void> {
  await createVersionTable(db);
  for (const name of POSTING_TRIGGER_NAMES) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  for (const trigger of TRIGGERS) await trigger.execute(db);
}

// Where each filter's (value, key) pairs come from, read in value order (from an index: no sort).
const POSTING_SOURCES: Record<PostingFilter, { table: "models" | "model_tags"; value: string; key: string }> = {
  author: { table: "models", value: "author", key: "pk" },
  library_name: { table: "models", value: "library_name", key: "pk" },
  pipeline_tag: { table: "models", value: "pipeline_tag", key: "pk" },
  tag: { table: "model_tags", value: "tag", key: "model_pk" },
};

/** Recomputes `list_postings` from `models` and `model_tags` (which must be filled). */
export async function fillPostings(db: Kysely<HubDatabase>): Promise<void> {
  await sql`DELETE FROM list_postings`.execute(db);
  for (const filter of Object.keys(POSTING_SOURCES) as PostingFilter[]) {
    const source = POSTING_SOURCES[filter];
    const value = sql.ref(source.value);
    await sql`INSERT INTO list_postings (key, chunk, bits)
      SELECT g.key, c.chunk, c.bits
      FROM (
        SELECT ${prefix(filter)} || ${value} AS key, posting_list(${sql.ref(source.key)}) AS packed
        FROM ${sql.table(source.table)} WHERE ${value} IS NOT NULL GROUP BY ${value}
      ) g, posting_list_chunks(g.packed) c`.execute(db);
  }
  await fillTrigramPostings(db);
}

// Counts a refill of `list_postings` as one change (a table from before the count has none to bump).
async function bumpAfterFill(db: Kysely<HubDatabase>): Promise<void> {
  await createVersionTable(db);
  await bumpVersion.execute(db);
}

/** Ids a statement of fillTrigramPostings reads: a chunk's worth. */
const IDS_READ = 1 << CHUNK_SHIFT;

/** Rows of `list_postings` one statement inserts (three values each, under SQLite's 32,766). */
const ROWS_INSERTED = 4_096;

/**
 * Recomputes the id trigrams' lists: the ids read in key order, a chunk at a time, each chunk of every trigram built
 * in memory (trigram-chunks.ts) and inserted once (10 million ids: 340 million trigrams, 3,162 lists).
 */
export async function fillTrigramPostings(db: Kysely<HubDatabase>): Promise<void> {
  await sql`DELETE FROM list_postings WHERE ${TRIGRAM_KEYS}`.execute(db);
  const built = new TrigramChunk();
  let chunk: number | null = null;
  const flush = async () => {
    if (chunk === null) return;
    const rows: { key: string; chunk: number; bits: Uint8Array }[] = [];
    for (const [trigram, bits] of built.drain()) rows.push({ key: trigramKey(trigram), chunk, bits });
    for (let at = 0; at < rows.length; at += ROWS_INSERTED) {
      await db
        .withTables<PostingTables>()
        .insertInto("list_postings")
        .values(rows.slice(at, at + ROWS_INSERTED))
        .execute();
    }
  };
  for (let after = -1; ; ) {
    const ids = await db
      .selectFrom("models")
      .select(["pk", "id"])
      .where("pk", ">", after)
      .orderBy("pk")
      .limit(IDS_READ)
      .execute();
    for (const { pk, id } of ids) {
      const of = Math.floor(pk / 2 ** CHUNK_SHIFT);
      if (of !== chunk) {
        await flush();
        chunk = of;
      }
      built.add(pk & CHUNK_MASK, id);
    }
    const last = ids[ids.length - 1];
    if (!last || ids.length < IDS_READ) break;
    after = last.pk;
  }
  await flush();
  await bumpAfterFill(db);
}

/** Whether models are stored without their id trigrams' lists (a database from before they were kept). */
export async function lacksTrigramPostings(db: Kysely<HubDatabase>): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM models WHERE NOT EXISTS (SELECT 1 FROM list_postings WHERE ${TRIGRAM_KEYS})
    LIMIT 1`.execute(db);
  return rows.length > 0;
}
