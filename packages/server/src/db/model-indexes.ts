// The secondary indexes of `models`: one by downloads (the other sorts' are the search walk's covering indexes, which
// each dialect keeps: DialectAdapter.createSearchWalkIndexes), and one per (library, task or author; sort) and
// (library and task; sort) pair, so a filtered page is an index range whatever the value's frequency or its
// correlation with the sort (an author sorted by id is a range of the id index). Other combinations are planned in
// store/index-choice.ts. Each index costs about a second per million rows of bulk load.
// Every index ends with the sequence key so a keyset page is one index range (see DialectAdapter).

/**
 * The filter columns a model may leave empty. A list filters on them only by equality, which an empty value never
 * meets, so no page reads a model without the value through an index of the column: each index holds only the models
 * that have all of its optional columns. In the synthetic catalog a fifth lack a library, a fifth a task and a third
 * one or the other, and a bulk load builds those indexes that much faster (16.1 s against 21.2 s for the sixteen at a
 * million models).
 */
export const OPTIONAL_FILTER_COLUMNS = ["library_name", "pipeline_tag"] as const;

/** The columns of `index` whose models without a value it leaves out (its WHERE clause). */
export const requiredColumns = (index: ModelIndex): (typeof OPTIONAL_FILTER_COLUMNS)[number][] =>
  OPTIONAL_FILTER_COLUMNS.filter((column) => index.columns.includes(column));

/** A secondary index of the models table. */
export interface ModelIndex {
  /** Index name. */
  readonly name: string;
  /** Indexed columns, in order, before the sequence key. */
  readonly columns: readonly string[];
}

/**
 * The sort indexes of `models` before migration 0014: each is a prefix of the search walk's index of its sort (sort,
 * key, id, visibility), which serves the same pages, so they went (a ten-million-model import built each in 15 s).
 */
export const SUPERSEDED_SORT_INDEXES = ["models_by_likes", "models_by_last_modified", "models_by_created_at"] as const;

/** The secondary indexes of `models`, dropped during a bulk load and rebuilt after it. */
export const MODEL_INDEXES: readonly ModelIndex[] = [
  { name: "models_by_downloads", columns: ["downloads"] },
  { name: "models_by_library_downloads", columns: ["library_name", "downloads"] },
  { name: "models_by_library_likes", columns: ["library_name", "likes"] },
  { name: "models_by_library_last_modified", columns: ["library_name", "last_modified"] },
  { name: "models_by_library_created_at", columns: ["library_name", "created_at"] },
  { name: "models_by_library_id", columns: ["library_name", "id"] },
  { name: "models_by_pipeline_downloads", columns: ["pipeline_tag", "downloads"] },
  { name: "models_by_pipeline_likes", columns: ["pipeline_tag", "likes"] },
  { name: "models_by_pipeline_last_modified", columns: ["pipeline_tag", "last_modified"] },
  { name: "models_by_pipeline_created_at", columns: ["pipeline_tag", "created_at"] },
  { name: "models_by_pipeline_id", columns: ["pipeline_tag", "id"] },
  { name: "models_by_library_pipeline_downloads", columns: ["library_name", "pipeline_tag", "downloads"] },
  // Migration 0006_scale-bench-list-indexes: library + task under every sort (a rare pair walked a whole library's
  // index in another order: a second at ten million models), and an author's models by date (the largest authors
  // hold a hundred thousand models at that size, too many to read and sort for a page).
  { name: "models_by_library_pipeline_likes", columns: ["library_name", "pipeline_tag", "likes"] },
  { name: "models_by_library_pipeline_last_modified", columns: ["library_name", "pipeline_tag", "last_modified"] },
  { name: "models_by_library_pipeline_created_at", columns: ["library_name", "pipeline_tag", "created_at"] },
  { name: "models_by_library_pipeline_id", columns: ["library_name", "pipeline_tag", "id"] },
  // The library facet of a task's list (store/list-facets.ts) is a count over this index alone.
  { name: "models_by_pipeline_library", columns: ["pipeline_tag", "library_name"] },
  { name: "models_by_author_downloads", columns: ["author", "downloads"] },
  { name: "models_by_author_likes", columns: ["author", "likes"] },
  { name: "models_by_author_last_modified", columns: ["author", "last_modified"] },
  { name: "models_by_author_created_at", columns: ["author", "created_at"] },
];

/**
 * The name of the search walk's covering index of a sort (sort, key, id, visibility), which each dialect builds
 * (DialectAdapter.createSearchWalkIndexes); it is the sort's own index where MODEL_INDEXES has none.
 */
export const searchWalkIndexName = (column: string): string => `models_search_by_${column}`;
