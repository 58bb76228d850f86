import type { ModelQuery, ModelSort } from "../../api";

/** The sort orders the list offers, with their labels. */
export const SORTS = [
  { value: "downloads", label: "Most downloads" },
  { value: "likes", label: "Most likes" },
  { value: "lastModified", label: "Recently updated" },
] as const satisfies readonly { value: ModelSort; label: string }[];

/** The query-string parameters of the list page; changing a filter clears `cursor`. */
export const LIST_PARAMS = ["search", "library", "pipeline_tag", "filter", "sort", "cursor"] as const;

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

/** `tags` with `tag` added or removed, as the `filter` parameter (null when empty). */
export function toggleTag(tags: readonly string[], tag: string): string | null {
  const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
  return next.length === 0 ? null : next.join(",");
}
