// The parameters of `GET /api/models` as data: each filter with the record field it reads and how it matches, and
// the parameters that order and page the list. The benchmark of every list shape (bench/list-shapes.ts) enumerates
// these, so a filter or sort added here is measured without editing it.
import { SORT_KEY_NAMES, type SortKey } from "../store/sort-keys.js";

/** How a filter matches: the field equals the value, the tag list holds it, or the id contains it (any case). */
export type ListFilterMatch = "equals" | "hasTag" | "idContains";

/** One filter parameter of the model list. */
export interface ListFilterParam {
  /** The query parameter. */
  readonly param: string;
  /** The record field it reads (`author` is the id's namespace). */
  readonly field: "id" | "author" | "library_name" | "pipeline_tag" | "tags";
  /** How it matches. */
  readonly match: ListFilterMatch;
}

/** The filters of the model list, in the order the API documents them. */
export const LIST_FILTER_PARAMS: readonly ListFilterParam[] = [
  { param: "search", field: "id", match: "idContains" },
  { param: "author", field: "author", match: "equals" },
  { param: "library", field: "library_name", match: "equals" },
  { param: "pipeline_tag", field: "pipeline_tag", match: "equals" },
  { param: "filter", field: "tags", match: "hasTag" },
];

/** The parameters that order and page the list rather than filter it. */
export const LIST_ORDER_PARAMS = ["sort", "direction", "limit", "cursor"] as const;

/** The sort orders (`sort`). */
export const LIST_SORTS: readonly SortKey[] = SORT_KEY_NAMES;

/** The directions (`direction`): largest first, smallest first. */
export const LIST_DIRECTIONS = ["-1", "1"] as const;
