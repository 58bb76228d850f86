// Random model list queries over a skewed catalog: any set of filters with values that meet (one model's), that are
// crossed (each from another model, or a rare value of the tail), or that match nothing; a random reader; a page size;
// sometimes a starting position taken from a model, read forwards or back.
import type { SortDirection, SortKey } from "../store/sort-keys.js";
import type { ListQuery, Visibility } from "../store/store.js";
import { positionOf } from "./list-oracle.js";
import type { SeededRandom } from "./seeded-random.js";
import { type CatalogModel, COMMON_WORD, PRIVATE_AUTHOR, type SkewedCatalog } from "./skewed-catalog.js";

/** The filters of a list query. */
export const LIST_FILTERS = ["author", "library", "pipelineTag", "tags", "search"] as const;

/** A filter of a list query. */
export type ListFilter = (typeof LIST_FILTERS)[number];

/** How the filter values of a query relate: one model's values, each another's, or one that no model has. */
export type ValueMode = "together" | "crossed" | "nothing";

const MISSING: { [F in ListFilter]: () => ListQuery[F] } = {
  author: () => "nobody-here",
  library: () => "no-such-library",
  pipelineTag: () => "no-such-task",
  tags: () => ["no-such-tag"],
  search: () => "zq-no-such",
};

const PAGE_SIZES = [1, 2, 3, 5, 10, 20, 30, 50, 100];
// The largest pages the API serves (MAX_LIMIT), drawn now and then: a set a list could walk is then read whole.
const LARGE_PAGE_SIZES = [500, 1_000];

// Terms a pattern or a full-text query could misread (wildcards, quotes, escapes, operators), some inside real ids.
const HOSTILE_TERMS = ["_", "%", "\\", '"', "'", "*", "v_1", "b%e", "DEV_", "1.5", "o-", "AND", "x OR y", "É"];

// A piece of `id` (1 to 8 characters), its letters' case changed at random: the search ignores ASCII case.
function searchTerm(random: SeededRandom, id: string): string {
  if (random.chance(0.05)) return random.pick(HOSTILE_TERMS);
  const base = random.chance(0.1) ? COMMON_WORD : id;
  const length = Math.min(base.length, 1 + random.int(8));
  const start = random.int(base.length - length + 1);
  return [...base.slice(start, start + length)]
    .map((c) => (random.chance(0.3) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c))
    .join("");
}

// One or two of `values` (`draw` when it has too few), the same one twice now and then.
function someOf(random: SeededRandom, values: readonly string[], draw: () => string): string[] {
  const first = values.length > 0 ? random.pick(values) : draw();
  const second = random.chance(0.3) ? (values.length > 1 ? random.pick(values) : draw()) : first;
  return second !== first || random.chance(0.05) ? [first, second] : [first];
}

// A value of the field from the catalog's list of them: a common one or one of the tail, equally often.
function fromList(random: SeededRandom, values: readonly string[]): string {
  return random.chance(0.5) ? random.skewed(values) : random.pick(values);
}

// The value of `filter` taken from `entry` (from the catalog's values where the model has none).
function filterValue(random: SeededRandom, catalog: SkewedCatalog, filter: ListFilter, entry: CatalogModel) {
  const { model } = entry;
  switch (filter) {
    case "author":
      return model.author;
    case "library":
      return model.library_name ?? fromList(random, catalog.libraries);
    case "pipelineTag":
      return model.pipeline_tag ?? fromList(random, catalog.tasks);
    case "tags":
      return someOf(random, model.tags, () => fromList(random, catalog.tags));
    case "search":
      return searchTerm(random, model.id);
  }
}

// A value of `filter` drawn apart from any model: from the catalog's values (common or tail), or a random model's.
function crossedValue(random: SeededRandom, catalog: SkewedCatalog, filter: ListFilter) {
  if (filter === "search" || random.chance(0.5))
    return filterValue(random, catalog, filter, random.pick(catalog.models));
  if (filter === "tags") return someOf(random, [], () => fromList(random, catalog.tags));
  const values = { author: catalog.authors, library: catalog.libraries, pipelineTag: catalog.tasks }[filter];
  return fromList(random, values);
}

/** A reader: anonymous, signed in with no namespace, of the private author, of other authors, or an administrator. */
export function randomReader(random: SeededRandom, catalog: SkewedCatalog): Visibility | undefined {
  const withPrivate = [...new Set(catalog.models.filter((m) => m.private).map((m) => m.model.author))];
  const x = random.next();
  if (x < 0.3) return undefined;
  if (x < 0.35) return { namespaces: [] };
  if (x < 0.55) return { namespaces: [PRIVATE_AUTHOR] };
  if (x < 0.8) {
    const namespaces = [random.pick(withPrivate), random.pick(catalog.authors)];
    return { namespaces: [...new Set(random.chance(0.5) ? [...namespaces, PRIVATE_AUTHOR] : namespaces)] };
  }
  return { all: true };
}

// A model for the query's values: usually one the reader may see.
function anchor(random: SeededRandom, catalog: SkewedCatalog, visibility: Visibility | undefined): CatalogModel {
  const seen = (m: CatalogModel) =>
    !m.private || (visibility !== undefined && ("all" in visibility || visibility.namespaces.includes(m.model.author)));
  for (let tries = 0; tries < 20; tries++) {
    const entry = random.pick(catalog.models);
    if (seen(entry) || random.chance(0.2)) return entry;
  }
  return random.pick(catalog.models);
}

/** A query with `filters` set, sorted by `sort` in `direction`, its values related as `mode` says. */
export function randomListQuery(
  random: SeededRandom,
  catalog: SkewedCatalog,
  filters: readonly ListFilter[],
  sort: SortKey,
  direction: SortDirection,
  mode: ValueMode,
): ListQuery {
  const visibility = randomReader(random, catalog);
  const query: ListQuery = {
    tags: [],
    sort,
    direction,
    limit: random.pick(random.chance(0.02) ? LARGE_PAGE_SIZES : PAGE_SIZES),
  };
  if (visibility) query.visibility = visibility;
  const entry = anchor(random, catalog, visibility);
  const missing = mode === "nothing" ? random.pick(filters) : undefined;
  for (const filter of filters) {
    const value =
      filter === missing
        ? MISSING[filter]()
        : mode === "together"
          ? filterValue(random, catalog, filter, entry)
          : crossedValue(random, catalog, filter);
    Object.assign(query, { [filter]: value });
  }
  if (random.chance(0.25)) {
    // A model's position, or one just before or after its ties (no model has sequence key 0 or past the last).
    const at = positionOf(random.pick(catalog.models), sort);
    query.after = random.chance(0.3) ? { ...at, seq: random.pick([0, catalog.stored.length + 1]) } : at;
    // Read back from there (the pages before it, nearest first) now and then.
    if (random.chance(0.2)) query.backwards = true;
  }
  return query;
}
