// Which index drives a filtered, sorted list. With an index on (filter columns…, sort column) there is nothing to
// choose. Without one, a filter value held by few rows should drive (read them, sort them), while a value held by
// many rows should not: walking the sort index and testing each row finds a page after a few hundred rows. SQLite's
// planner cannot tell the two apart from its statistics, so the store counts (bounded) and says which to use.
import type { Kysely } from "kysely";
import { MODEL_INDEXES } from "../db/model-indexes.js";
import type { HubDatabase } from "../db/schema.js";

/** A filter column of the list and the value it must equal. */
export type Equality = readonly [column: "author" | "library_name" | "pipeline_tag", value: string];

/** Most rows a filter may match and still drive the query (they are read and sorted whole). */
export const FILTER_DRIVES_BELOW = 5_000;

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

/** True when the filters match many rows and no index serves them with the sort: the sort index should drive. */
export async function sortIndexShouldDrive(
  db: Kysely<HubDatabase>,
  equalities: readonly Equality[],
  sortColumn: string,
): Promise<boolean> {
  if (
    equalities.length === 0 ||
    hasCompositeIndex(
      equalities.map(([c]) => c),
      sortColumn,
    )
  )
    return false;
  let matching = db.selectFrom("models").select("models.pk");
  for (const [column, value] of equalities) matching = matching.where(`models.${column}`, "=", value);
  const row = await db
    .selectFrom(matching.limit(FILTER_DRIVES_BELOW + 1).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) > FILTER_DRIVES_BELOW;
}
