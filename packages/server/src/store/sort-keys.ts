// The sort orders of the model list: the column each reads and what kind of value a cursor holds for it.

/** Sort orders of `GET /api/models`, mapped to their column and cursor value kind. */
export const SORT_KEYS = {
  downloads: { column: "downloads", kind: "count" },
  likes: { column: "likes", kind: "count" },
  lastModified: { column: "last_modified", kind: "date" },
  createdAt: { column: "created_at", kind: "date" },
  id: { column: "id", kind: "id" },
} as const;

/** A sort order of the model list. */
export type SortKey = keyof typeof SORT_KEYS;

/** The sort orders, in the order the API documents them. */
export const SORT_KEY_NAMES = Object.keys(SORT_KEYS) as SortKey[];

/** -1: largest first (the default); 1: smallest first. */
export type SortDirection = -1 | 1;
