import type { ModelQuery, ModelSort } from "../../api";

/** The sort orders the list offers, with their labels. */
export const SORTS = [
  { value: "downloads", label: "Most downloads" },
  { value: "likes", label: "Most likes" },
  { value: "lastModified", label: "Recently updated" },
] as const satisfies readonly { value: ModelSort; label: string }[];

/** The query-string parameters of the list page; changing a filter clears `cursor`. */
export const LIST_PARAMS = ["search", "library", "pipeline_tag", "filter", "sort", "cursor", "page"] as const;

/** The page number kept beside the cursor (1 when absent), for "Page 2" only: the cursor decides the rows. */
export function readPageNumber(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The model list query held by the page's query string. */
export function readListQuery(params: URLSearchParams): ModelQuery & { tags: string[] } {
  const sort = SORTS.find((option) => option.value === params.get("sort"))?.value;
  return {
    search: params.get("search") ?? "",
    library: params.get("library") || undefined,
    pipeline_tag: params.get("pipeline_tag") || undefined,
    tags: (params.get("filter") ?? "").split(",").filter((tag) => tag !== ""),
    sort: sort ?? "downloads",
    cursor: params.get("cursor") || undefined,
  };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export function hasFilters(query: ModelQuery & { tags: string[] }): boolean {
  return Boolean(query.search || query.library || query.pipeline_tag || query.tags.length > 0);
}

/** One active filter as a chip: which parameter holds it, its value and what the visitor reads. */
export interface ListFilterChip {
  /** The query-string parameter. */
  param: "search" | "library" | "pipeline_tag" | "filter";
  /** The value (one tag for `filter`). */
  value: string;
  /** What kind of filter, as the visitor reads it. */
  kind: "Search" | "Library" | "Task" | "Tag";
  /** The value as shown (a library's label). */
  label: string;
}

/** The active filters of `query` as chips; `libraryLabel` names a library key. */
export function filterChips(
  query: ModelQuery & { tags: string[] },
  libraryLabel: (key: string) => string,
): ListFilterChip[] {
  const chips: ListFilterChip[] = [];
  if (query.search) chips.push({ param: "search", value: query.search, kind: "Search", label: `“${query.search}”` });
  if (query.library) {
    chips.push({ param: "library", value: query.library, kind: "Library", label: libraryLabel(query.library) });
  }
  if (query.pipeline_tag) {
    chips.push({ param: "pipeline_tag", value: query.pipeline_tag, kind: "Task", label: query.pipeline_tag });
  }
  for (const tag of query.tags) chips.push({ param: "filter", value: tag, kind: "Tag", label: tag });
  return chips;
}

/** The URL changes that remove `chip` from `query`. */
export function removeChip(
  query: ModelQuery & { tags: string[] },
  chip: ListFilterChip,
): Record<string, string | null> {
  return chip.param === "filter" ? { filter: toggleTag(query.tags, chip.value) } : { [chip.param]: null };
}

/** The URL changes that clear every filter (sort is kept). */
export const CLEAR_FILTERS = { search: null, library: null, pipeline_tag: null, filter: null } as const;

/** "1,234 models", "1 model", or "10,000+ models" when the count stopped at its bound. */
export function totalText(total: { count: number; exact: boolean }): string {
  const number = new Intl.NumberFormat("en").format(total.count);
  if (!total.exact) return `${number}+ models`;
  return total.count === 1 ? "1 model" : `${number} models`;
}

/** `tags` with `tag` added or removed, as the `filter` parameter (null when empty). */
export function toggleTag(tags: readonly string[], tag: string): string | null {
  const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
  return next.length === 0 ? null : next.join(",");
}
