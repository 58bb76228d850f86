// Which indexes hold a page's filters with its sort: one filter always has its (filter, sort) index (an author's ids
// are a range of the id index), and library + task has its own under every sort. Filters with no index of their own
// with the sort are tested per row while one of them walks (store/list-models.ts, bounded by store/list-walk.ts).
import { MODEL_INDEXES } from "../db/model-indexes.js";

/** A filter column of the list and the value it must equal. */
export type Equality = readonly [column: "author" | "library_name" | "pipeline_tag", value: string];

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
