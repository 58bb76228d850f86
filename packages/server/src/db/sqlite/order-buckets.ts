// Each sort order of the list cut into up to 1,024 consecutive buckets of about as many models, each bucket a posting
// list (`list_postings`, keys "o:<column>:<bucket>"). A page read from a set (store/list-postings.ts) walks the sort's
// index testing each entry against the set, about (page size × walked entries ÷ set size) entries when the set's
// models are spread along the order; when they are not (a term's models are all old, an author's ids one stretch of
// the id order), the walk passes hundreds of thousands of entries for none (200,000 at ten million models, 160-400 ms).
// Crossing the set with each bucket's list in page order finds the stretch holding the page whatever the set's
// spread, reading only a bucket's list per step. `order_buckets` keeps where each bucket starts: after the position
// (value, pk) of the last model of the one before; bucket 0 holds everything before the first. The cuts are made at
// a bulk load (a model written later goes to the bucket its position falls in, kept by triggers), so buckets drift
// apart in size as models are written, until the next bulk load cuts them again.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { HubDatabase } from "../schema.js";
import { addKeys, removeKeys } from "./postings-index.js";

/** The sort columns cut into buckets: every sort of the list (store/sort-keys.ts). */
export const BUCKETED_COLUMNS = ["downloads", "likes", "last_modified", "created_at", "id"] as const;
export type BucketedColumn = (typeof BUCKETED_COLUMNS)[number];

/** Most buckets of an order, and fewest models in one (a small catalog has fewer buckets). */
const MOST_BUCKETS = 1024;
const FEWEST_PER_BUCKET = 64;

const PREFIX = "o:";

/** The posting-list key of bucket `bucket` of `column`'s order. */
export const bucketKey = (column: string, bucket: number): string => `${PREFIX}${column}:${bucket}`;

type BucketTables = {
  order_buckets: { sort: string; bucket: number; after_value: unknown; after_pk: number };
  list_postings: { key: string; chunk: number; bits: Uint8Array };
};

/** Creates `order_buckets` when missing. */
export async function createOrderBucketsTable(db: Kysely<HubDatabase>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS order_buckets (
    sort TEXT NOT NULL, after_value NOT NULL, after_pk INTEGER NOT NULL, bucket INTEGER NOT NULL,
    PRIMARY KEY (sort, after_value, after_pk)
  ) WITHOUT ROWID`.execute(db);
}

/**
 * The bucket of `column`'s order holding the position (value, pk): the last whose start is before it (0: none is),
 * found by two seeks of the table's key (a tie of the value first), as a trigger does on every write of a sort value.
 * Values compare as SQLite compares the column's own (numbers, or text byte by byte).
 */
export function bucketOf(column: string, value: RawBuilder<unknown>, pk: RawBuilder<unknown>): RawBuilder<number> {
  const sort = sql.lit(column);
  return sql<number>`coalesce(
    (SELECT b.bucket FROM order_buckets b WHERE b.sort = ${sort} AND b.after_value = ${value} AND b.after_pk < ${pk}
      ORDER BY b.after_pk DESC LIMIT 1),
    (SELECT b.bucket FROM order_buckets b WHERE b.sort = ${sort} AND b.after_value < ${value}
      ORDER BY b.after_value DESC, b.after_pk DESC LIMIT 1),
    0)`;
}

// The bucket keys of one row of `models` in a trigger (`new` or `old`): one per order.
function keysOf(row: "new" | "old"): RawBuilder<unknown> {
  const pk = sql.ref(`${row}.pk`);
  return sql.join(
    BUCKETED_COLUMNS.map(
      (c) => sql`SELECT ${sql.lit(`${PREFIX}${c}:`)} || ${bucketOf(c, sql.ref(`${row}.${c}`), pk)} AS key`,
    ),
    sql` UNION ALL `,
  );
}

const SORTED = sql.join(BUCKETED_COLUMNS.map((c) => sql.ref(c)));

// An update moves a model only between the buckets whose order it changed.
const TRIGGERS = [
  sql`CREATE TRIGGER models_buckets_insert AFTER INSERT ON models BEGIN ${addKeys(keysOf("new"))} END`,
  sql`CREATE TRIGGER models_buckets_delete AFTER DELETE ON models BEGIN ${removeKeys(keysOf("old"))} END`,
  sql`CREATE TRIGGER models_buckets_update AFTER UPDATE OF ${SORTED} ON models BEGIN
    ${removeKeys(sql`SELECT key FROM (${keysOf("old")}) EXCEPT SELECT key FROM (${keysOf("new")})`)}
    ${addKeys(sql`SELECT key FROM (${keysOf("new")}) EXCEPT SELECT key FROM (${keysOf("old")})`)}
  END`,
];

/** The triggers that keep the buckets' lists in step with `models`. */
export const BUCKET_TRIGGER_NAMES = ["models_buckets_insert", "models_buckets_delete", "models_buckets_update"];

/** Creates the buckets' triggers, replacing any of an older version. */
export async function createBucketTriggers(db: Kysely<HubDatabase>): Promise<void> {
  for (const name of BUCKET_TRIGGER_NAMES) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  for (const trigger of TRIGGERS) await trigger.execute(db);
}

/** A position of an order: a model's sort value and key. */
type Position = { value: unknown; pk: number };

// The models of `column`'s order after `from` (exclusive; null: from the start) up to `to` (inclusive; null: to the
// end), each statement an index range: ties at either end are ranges of the key (a row value over (value, pk) would
// seek by the value alone and pass every tie before the key).
function stretch(column: BucketedColumn, from: Position | null, to: Position | null): RawBuilder<unknown>[] {
  const value = sql.ref(`models.${column}`);
  const pk = sql.ref("models.pk");
  const rows = (where: RawBuilder<unknown>) => sql`SELECT ${pk} AS pk FROM models WHERE ${where}`;
  if (from && to && from.value === to.value) {
    return [rows(sql`${value} = ${from.value} AND ${pk} > ${from.pk} AND ${pk} <= ${to.pk}`)];
  }
  const between = [...(from ? [sql`${value} > ${from.value}`] : []), ...(to ? [sql`${value} < ${to.value}`] : [])];
  return [
    ...(from ? [rows(sql`${value} = ${from.value} AND ${pk} > ${from.pk}`)] : []),
    rows(between.length === 0 ? sql`true` : sql.join(between, sql` AND `)),
    ...(to ? [rows(sql`${value} = ${to.value} AND ${pk} <= ${to.pk}`)] : []),
  ];
}

/**
 * Cuts every order into buckets and recomputes their lists from `models` (whose sort indexes must exist: each cut is
 * a window over one, each bucket's list a range of it).
 */
export async function fillOrderBuckets(db: Kysely<HubDatabase>): Promise<void> {
  const tables = db.withTables<BucketTables>();
  await tables.deleteFrom("order_buckets").execute();
  await tables.deleteFrom("list_postings").where("key", ">=", PREFIX).where("key", "<", "o;").execute();
  const row = await db
    .selectFrom("models")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const models = Number(row?.n ?? 0);
  const size = Math.max(FEWEST_PER_BUCKET, Math.ceil(models / MOST_BUCKETS));
  for (const column of BUCKETED_COLUMNS) {
    const value = sql.ref(column);
    // The last model of each bucket but the last, in order: where the next one starts.
    const { rows: cuts } = await sql<Position>`SELECT value, pk FROM (
        SELECT ${value} AS value, pk, row_number() OVER (ORDER BY ${value}, pk) AS n FROM models
      ) WHERE n % ${size} = 0 AND n < ${models}`.execute(db);
    for (const [bucket, cut] of cuts.entries()) {
      await tables
        .insertInto("order_buckets")
        .values({ sort: column, bucket: bucket + 1, after_value: cut.value, after_pk: cut.pk })
        .execute();
    }
    for (let bucket = 0; bucket <= cuts.length; bucket++) {
      const ranges = stretch(column, cuts[bucket - 1] ?? null, cuts[bucket] ?? null);
      await sql`INSERT INTO list_postings (key, chunk, bits)
        SELECT ${bucketKey(column, bucket)}, c.chunk, c.bits
        FROM (SELECT posting_list(r.pk) AS packed FROM (${sql.join(ranges, sql` UNION ALL `)}) r) g,
          posting_list_chunks(g.packed) c`.execute(db);
    }
  }
}

/** Whether models are stored without their buckets' lists (a database from before they were kept). */
export async function lacksOrderBuckets(db: Kysely<HubDatabase>): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM models
    WHERE NOT EXISTS (SELECT 1 FROM list_postings WHERE key >= ${PREFIX} AND key < 'o;') LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * The keys of the buckets of `column`'s order a page reads, in page order: from the bucket holding `after` (the
 * cursor's position; null: from the first, or the last when `direction` is -1) to the end of the order.
 */
export async function bucketKeysFrom(
  db: Kysely<HubDatabase>,
  column: BucketedColumn,
  direction: 1 | -1,
  after: Position | null,
): Promise<string[]> {
  const { rows } = await sql<{ last: number | null; at: number | null }>`SELECT
    (SELECT max(bucket) FROM order_buckets WHERE sort = ${column}) AS last,
    ${after ? bucketOf(column, sql`${after.value}`, sql`${after.pk}`) : sql`NULL`} AS at`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  const at = rows[0]?.at;
  const keys: string[] = [];
  if (direction === 1) for (let b = at ?? 0; b <= last; b++) keys.push(bucketKey(column, b));
  else for (let b = at ?? last; b >= 0; b--) keys.push(bucketKey(column, b));
  return keys;
}
