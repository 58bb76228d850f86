// Bounded walks of the model list. A page that walks an index in its order and tests each row for the other filters
// reads about (page size ÷ share of rows passing) rows: few when the filters are common together, the whole range
// when they rarely meet (two large sets crossed). The walk is bounded (WALK_LIMITS) (the position of the last
// one, read from the index alone, bounds the page query); when it finds too few, the page is read from the smallest
// candidate set (every filter's matching rows, counted up to a bound), unless going on walking costs less.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { PkQuery } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import type { Equality } from "./index-choice.js";
import type { Condition } from "./list-conditions.js";
import type { ListPosition, ListQuery } from "./store.js";

/**
 * Most rows a walk reads before the page is planned again from the smallest candidate set: many when every filter
 * left to test is answered from an index (tags, hidden models by key), few when each row must be read (a search, an
 * equality filter the walked index does not hold). Tests at small scale lower them.
 */
export const WALK_LIMITS = { fromIndexes: 5_000, readingRows: 800 };

/**
 * Largest candidate set read whole after a walk found too few rows (past it, the walk goes on): a walk answered from
 * indexes costs about a tenth of reading a row per row it passes, one that reads its rows about as much.
 */
export const COUNT_LIMITS = { fromIndexes: 20_000, readingRows: 200_000 };

/** The rows a walk reads, in page order: the query of its index range and the columns of a position. */
export interface Walked {
  // biome-ignore lint/suspicious/noExplicitAny: the range reads models or model_tags.
  rows: SelectQueryBuilder<any, any, object>;
  /** The sort column. */
  value: RawBuilder<unknown>;
  /** The sequence key column. */
  seq: RawBuilder<unknown>;
}

/** `op` applied to (value, seq) and `at`; sorted by id (unique) the value alone. */
export function positionTest(
  query: ListQuery,
  value: RawBuilder<unknown>,
  seq: RawBuilder<unknown>,
  op: string,
  at: ListPosition,
) {
  return query.sort === "id"
    ? sql<boolean>`${value} ${sql.raw(op)} ${at.value}`
    : sql<boolean>`(${value}, ${seq}) ${sql.raw(op)} (${at.value}, ${at.seq})`;
}

/**
 * The stretch of the order after `after` and up to `bound` (inclusive; either may be null), as conditions in page
 * order, each one index range: null stands for no condition. `split` (where the sequence key is SQLite's rowid): a
 * row value `(likes, pk) > (0, n)` seeks by the sort value alone, so a walk starts at the first model with 0 likes and
 * passes the ties before n one by one (889,000 of a million synthetic models have no likes: 160 ms for a page). Split,
 * the ties are a range of their own (`likes = 0 AND pk > n`, one seek) and the rest another (`likes > 0`). Sorted by
 * id (unique), the value alone is the position and nothing is split.
 */
export function positionRanges(
  query: ListQuery,
  value: RawBuilder<unknown>,
  seq: RawBuilder<unknown>,
  after: ListPosition | null,
  bound: ListPosition | null,
  split: boolean,
): (RawBuilder<boolean> | null)[] {
  const desc = query.direction === -1;
  const past = desc ? "<" : ">";
  const upTo = desc ? ">=" : "<=";
  if (!split || query.sort === "id") {
    const tests = [
      ...(after ? [positionTest(query, value, seq, past, after)] : []),
      ...(bound ? [positionTest(query, value, seq, upTo, bound)] : []),
    ];
    return [tests.length === 0 ? null : sql<boolean>`${sql.join(tests, sql` and `)}`];
  }
  const before = desc ? ">" : "<";
  const tie = (at: ListPosition, op: string) =>
    sql<boolean>`${value} = ${at.value} and ${seq} ${sql.raw(op)} ${at.seq}`;
  if (after && bound && after.value === bound.value) {
    return [sql<boolean>`${tie(after, past)} and ${seq} ${sql.raw(upTo)} ${bound.seq}`];
  }
  const between = [
    ...(after ? [sql<boolean>`${value} ${sql.raw(past)} ${after.value}`] : []),
    ...(bound ? [sql<boolean>`${value} ${sql.raw(before)} ${bound.value}`] : []),
  ];
  return [
    ...(after ? [tie(after, past)] : []),
    between.length === 0 ? null : sql<boolean>`${sql.join(between, sql` and `)}`,
    ...(bound ? [tie(bound, upTo)] : []),
  ];
}

/**
 * The position of the `limit`-th row the walk reads after `query.after`; null when the walk ends before it. `split`:
 * as positionRanges.
 */
export async function walkBound(
  walked: Walked,
  query: ListQuery,
  limit: number,
  split: boolean,
): Promise<ListPosition | null> {
  const desc = query.direction === -1;
  let left = limit;
  const ranges = positionRanges(query, walked.value, walked.seq, query.after ?? null, null, split);
  for (const [i, range] of ranges.entries()) {
    const rows = range ? walked.rows.where(range) : walked.rows;
    let q = rows.select([walked.value.as("value"), walked.seq.as("seq")]).orderBy(walked.value, desc ? "desc" : "asc");
    if (query.sort !== "id") q = q.orderBy(walked.seq, desc ? "desc" : "asc");
    const row = (await q
      .limit(1)
      .offset(left - 1)
      .executeTakeFirst()) as ListPosition | undefined;
    if (row) return { value: row.value, seq: Number(row.seq) };
    if (i === ranges.length - 1) break;
    // Fewer than `left` rows in this range: the rest of the count is in the next.
    left -= (await rows.select(walked.seq.as("seq")).limit(left).execute()).length;
  }
  return null;
}

// How many rows `candidates` holds, counting at most `bound + 1`.
async function boundedCount(db: Kysely<HubDatabase>, candidates: PkQuery, bound: number): Promise<number> {
  const row = await db
    .selectFrom(candidates.limit(bound + 1).as("c"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The smallest candidate set of the page's filters (tag, search, each equality filter) when reading it whole costs
 * less than walking on: `found` is the share of walked rows that were on the page (0 when none), `countLimit` the
 * largest set worth reading. Null: walk on.
 */
export async function smallestSet(
  db: Kysely<HubDatabase>,
  query: ListQuery,
  conds: readonly Condition[],
  equalities: readonly Equality[],
  found: number,
  countLimit: number,
): Promise<PkQuery | null> {
  const walkOn = found > 0 ? (query.limit + 1) / found : Number.POSITIVE_INFINITY;
  let bound = Math.min(countLimit, walkOn);
  let best: PkQuery | null = null;
  const sets: PkQuery[] = conds.flatMap((c) => (c.candidates ? [c.candidates] : []));
  for (const [column, value] of equalities) {
    sets.push(
      db
        .selectFrom("models")
        .select("models.pk")
        .where(sql.ref(`models.${column}`), "=", value),
    );
  }
  for (const set of sets) {
    const n = await boundedCount(db, set, Math.floor(bound));
    if (n <= bound) {
      best = set;
      bound = n;
    }
  }
  return best;
}
