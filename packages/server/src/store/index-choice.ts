// Which index drives a page filtered on several columns. One filter always has its (filter, sort) index, or is an
// author, whose rows are few enough to read and sort. Several filters usually have no index of their own with the
// sort: when together they match few rows, SQLite's choice (read them, sort them) is right; when they match many,
// it may still read and sort them all, so the store keeps all but one filter off the indexes and lets that filter's
// (filter, sort) index walk in order, testing the others on each row. The store counts, bounded, to tell the cases.
import type { Kysely } from "kysely";
import { MODEL_INDEXES } from "../db/model-indexes.js";
import type { HubDatabase } from "../db/schema.js";

/** A filter column of the list and the value it must equal. */
export type Equality = readonly [column: "author" | "library_name" | "pipeline_tag", value: string];

/** Most rows the filters may match together and still be read and sorted whole. */
export const FILTERS_DRIVE_BELOW = 5_000;

/** True when an index holds exactly `filterColumns` (any order) followed by `sortColumn`. */
export function hasCompositeIndex(filterColumns: readonly string[], sortColumn: string): boolean {
  return MODEL_INDEXES.some((index) => {
    const head = index.columns.slice(0, filterColumns.length);
    return (
      index.columns.length === filterColumns.length + 1 &&
      filterColumns.every((c) => head.includes(c)) &&
      index.columns[filterColumns.length] === sortColumn
    );
  });
}

/** True when the filters together match more than FILTERS_DRIVE_BELOW rows (counted, bounded). */
export async function filtersMatchMany(db: Kysely<HubDatabase>, equalities: readonly Equality[]): Promise<boolean> {
  let matching = db.selectFrom("models").select("models.pk");
  for (const [column, value] of equalities) matching = matching.where(`models.${column}`, "=", value);
  const row = await db
    .selectFrom(matching.limit(FILTERS_DRIVE_BELOW + 1).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) > FILTERS_DRIVE_BELOW;
}

/** The filter columns to keep off the indexes (see above); empty when the planner's own choice stands. */
export async function filtersOffIndex(
  db: Kysely<HubDatabase>,
  equalities: readonly Equality[],
  sortColumn: string,
): Promise<Set<string>> {
  const columns = equalities.map(([column]) => column);
  if (columns.length < 2 || hasCompositeIndex(columns, sortColumn)) return new Set();
  const driver = columns.find((column) => hasCompositeIndex([column], sortColumn));
  if (driver === undefined || !(await filtersMatchMany(db, equalities))) return new Set();
  return new Set(columns.filter((column) => column !== driver));
}
