// The model list computed the slow, obvious way over a catalog held in memory: every model tested against every
// filter and the reader's visibility, sorted by (sort value, sequence key) (by id alone when sorted by id), cut after
// the cursor and at the page size. What the store's planned queries must return, whichever plan they take.
import type { SortKey } from "../store/sort-keys.js";
import type { ListPosition, ListQuery } from "../store/store.js";
import type { CatalogModel } from "./skewed-catalog.js";

/** A page as the oracle computes it: the ids in order and the positions a store page reports. */
export interface OraclePage {
  ids: string[];
  next: ListPosition | null;
  first: ListPosition | null;
}

const SORT_FIELDS = {
  downloads: "downloads",
  likes: "likes",
  lastModified: "lastModified",
  createdAt: "createdAt",
  id: "id",
} as const satisfies Record<SortKey, string>;

/** Where `entry` stands in the order of `sort`: its sort value and its sequence key. */
export function positionOf(entry: CatalogModel, sort: SortKey): ListPosition {
  return { value: entry.model[SORT_FIELDS[sort]], seq: entry.pk };
}

// Whether a model is on the list of `query`: every filter holds and the reader may see it (every public model, and
// the private models of the reader's namespaces; all of them for an administrator). Tested on each model of the
// catalog, so the query's own values are prepared once.
function matcher(query: ListQuery): (placed: Placed) => boolean {
  const { author, library, pipelineTag, tags, visibility } = query;
  const term = query.search?.toLowerCase();
  // Null: an administrator, who sees every private model.
  const namespaces = visibility === undefined ? [] : "all" in visibility ? null : visibility.namespaces;
  return ({ entry: { model, private: hidden }, lowerId }) =>
    (!hidden || namespaces === null || namespaces.includes(model.author)) &&
    (author === undefined || model.author === author) &&
    (library === undefined || model.library_name === library) &&
    (pipelineTag === undefined || model.pipeline_tag === pipelineTag) &&
    tags.every((tag) => model.tags.includes(tag)) &&
    (term === undefined || lowerId.includes(term));
}

// Code-unit order of strings: the byte order of ASCII ids, as SQLite's BINARY and PostgreSQL's "C" collation sort.
const compareValues = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

// Positions in order of (value, sequence key) (value alone by id): sorted once per catalog and sort.
function compareAt(sort: SortKey, a: ListPosition, b: ListPosition): number {
  return compareValues(a.value, b.value) || (sort === "id" ? 0 : a.seq - b.seq);
}

/** A model of the catalog where it stands in one order; its id in lower case (ids are ASCII) for the search. */
interface Placed {
  entry: CatalogModel;
  at: ListPosition;
  lowerId: string;
}

const ascending = new WeakMap<readonly CatalogModel[], Map<SortKey, Placed[]>>();

function inOrder(catalog: readonly CatalogModel[], sort: SortKey): Placed[] {
  const sorts = ascending.get(catalog) ?? new Map();
  ascending.set(catalog, sorts);
  let rows = sorts.get(sort);
  if (!rows) {
    rows = catalog
      .map((entry) => ({ entry, at: positionOf(entry, sort), lowerId: entry.model.id.toLowerCase() }))
      .sort((a, b) => compareAt(sort, a.at, b.at));
    sorts.set(sort, rows);
  }
  return rows;
}

/** The page of `query` over `catalog`; `backwards` reads the order the other way from `after`, as the store does. */
export function oraclePage(catalog: readonly CatalogModel[], query: ListQuery): OraclePage {
  const direction = query.backwards ? -query.direction : query.direction;
  const all = inOrder(catalog, query.sort);
  const { after } = query;
  const onList = matcher(query);
  const rows: { id: string; at: ListPosition }[] = [];
  for (let i = 0; i < all.length && rows.length <= query.limit; i++) {
    const placed = all[direction === 1 ? i : all.length - 1 - i] as Placed;
    if (after && direction * compareAt(query.sort, placed.at, after) <= 0) continue;
    if (onList(placed)) rows.push({ id: placed.entry.model.id, at: placed.at });
  }
  const page = rows.slice(0, query.limit);
  return {
    ids: page.map((row) => row.id),
    next: rows.length > query.limit ? (page.at(-1)?.at ?? null) : null,
    first: page[0]?.at ?? null,
  };
}
