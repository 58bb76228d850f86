// The id search index's keys (FTS5 rowids) are the models' place in the default list order, downloads then pk: the
// index hands a term's candidates out most downloaded first (or last), so a search page sorted by downloads is the
// first few candidates that hold the term, and reading stops there. A term many ids hold is answered after a few
// dozen candidates where reading its candidates whole and sorting them cost a row read each (10,000 candidates:
// 70 ms at a million models); a rare term costs what its candidates always cost.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { HubDatabase } from "../schema.js";

/** The low bits of a key hold the pk, the high bits the downloads: both must fit for the order to be exact. */
const PK_BITS = 28;
const PK_LIMIT = 2 ** PK_BITS;
const DOWNLOADS_LIMIT = 2 ** 35;

// Written as SQL literals: the keys reach 2^63, past JavaScript's exact integers, so they are never bound or read.
const PK_SCALE = sql.lit(PK_LIMIT);
const PK_MASK = sql.lit(PK_LIMIT - 1);

/**
 * The key of the row `row` (a table or trigger row name): downloads × 2^28 + pk, so keys sort as (downloads, pk);
 * a row outside that range (a pk past 2^28, downloads past 2^35) is keyed -pk, unique still, and while one exists
 * the index's order is not the list's (inOrder says so).
 */
export function searchKey(row: "models" | "new" | "old"): RawBuilder<number> {
  const pk = sql.ref(`${row}.pk`);
  const downloads = sql.ref(`${row}.downloads`);
  return sql<number>`(CASE WHEN ${pk} < ${PK_SCALE} AND ${downloads} >= 0 AND ${downloads} < ${sql.lit(DOWNLOADS_LIMIT)}
    THEN ${downloads} * ${PK_SCALE} + ${pk} ELSE -${pk} END)`;
}

/** The pk of the model a key of the search index names (the inverse of searchKey). */
export function keyPk(key: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE WHEN ${key} < 0 THEN -${key} ELSE ${key} & ${PK_MASK} END)`;
}

/** The sort whose order the keys keep. */
export const KEYED_SORT = "downloads";

/** Whether every model's key is in range, so the index's order is the list's (two index lookups and the last pk). */
export async function keysInOrder(db: Kysely<HubDatabase>): Promise<boolean> {
  const { rows } = await sql<{ ok: number | null }>`SELECT
      coalesce((SELECT max(pk) FROM models), 0) < ${PK_SCALE}
      AND coalesce((SELECT max(downloads) FROM models), 0) < ${sql.lit(DOWNLOADS_LIMIT)}
      AND coalesce((SELECT min(downloads) FROM models), 0) >= 0 AS ok`.execute(db);
  return rows[0]?.ok === 1;
}

/**
 * The key bound of the rows after (value, seq) in the keyed order, for `key < bound` (descending) or `key > bound`
 * (ascending); null when the position is past every key (the page's own position test then decides alone). A
 * cursor's value and seq are safe non-negative integers; the bound is computed in SQL, where it is exact.
 */
export function keyBound(value: number, seq: number, direction: 1 | -1): RawBuilder<number> | null {
  // Descending, (v, s) is followed by (v, s - 1) … (v, 0), then v - 1; ascending by (v, s + 1) …: a seq past every
  // pk stands for the end of its downloads value.
  const at = Math.min(seq, direction === -1 ? PK_LIMIT : PK_LIMIT - 1);
  // Past the last key (2^63 - 1 would be the bound of the very end): every key comes after.
  if (value >= DOWNLOADS_LIMIT || (value === DOWNLOADS_LIMIT - 1 && at === PK_LIMIT)) return null;
  // CAST: a bound number may arrive as a double, and the sum needs 63 bits.
  return sql<number>`(CAST(${value} AS INTEGER) * ${PK_SCALE} + CAST(${at} AS INTEGER))`;
}
