// The model list computed the slow, obvious way over a catalog held in memory: every model tested against every
// filter and the reader's visibility, sorted by (sort value, sequence key) (by id alone when sorted by id), cut after
// the cursor and at the page size. What the store's planned queries must return, whichever plan they take.
import type { SortKey } from "../store/sort-keys.js";
import type { ListPosition, ListQuery, Visibility } from "../store/store.js";
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

// Every public model, and the private models of the reader's namespaces (all of them for an administrator).
function mayRead(entry: CatalogModel, visibility: Visibility | undefined): boolean {
  if (!entry.private || (visibility && "all" in visibility)) return true;
  return visibility?.namespaces.includes(entry.model.author) ?? false;
}

function matches(entry: CatalogModel, lowerId: string, query: ListQuery): boolean {
  const { model } = entry;
  return (
    (query.author === undefined || model.author === query.author) &&
    (query.library === undefined || model.library_name === query.library) &&
    (query.pipelineTag === undefined || model.pipeline_tag === query.pipelineTag) &&
    query.tags.every((tag) => model.tags.includes(tag)) &&
    (query.search === undefined || lowerId.includes(query.search.toLowerCase()))
  );
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
  const rows: { id: string; at: ListPosition }[] = [];
  for (let i = 0; i < all.length && rows.length <= query.limit; i++) {
    const { entry, at, lowerId } = all[direction === 1 ? i : all.length - 1 - i] as Placed;
    if (after && direction * compareAt(query.sort, at, after) <= 0) continue;
    if (mayRead(entry, query.visibility) && matches(entry, lowerId, query)) rows.push({ id: entry.model.id, at });
  }
  const page = rows.slice(0, query.limit);
  return {
    ids: page.map((row) => row.id),
    next: rows.length > query.limit ? (page.at(-1)?.at ?? null) : null,
    first: page[0]?.at ?? null,
  };
}
