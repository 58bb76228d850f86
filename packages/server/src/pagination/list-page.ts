// A page of the model list with its neighbours: the next page continues after the last row; the previous page is
// read backwards from the first row (the same index walked the other way), so paging back costs one page.
import { weakMemo } from "../cache/weak-memo.js";
import type { ModelSummary } from "../models/hub-model.js";
import type { SortDirection, SortKey } from "../store/sort-keys.js";
import type { ListQuery, ModelPage, Store } from "../store/store.js";
import { encodeCursor } from "./cursor.js";

/** One page as the list route answers it. */
export interface ListPage {
  /** The rows, in list order. */
  items: ModelSummary[];
  /** Cursor of the next page, or null on the last page. */
  next: string | null;
  /** Cursor of the previous page, "" when that is the first page (no cursor), or null on the first page. */
  prev: string | null;
}

/** The page of `query` (or, with `before`, the page ending just before `query.after`) and its neighbours' cursors. */
export async function readListPage(
  store: Pick<Store, "listModels">,
  query: ListQuery,
  before: boolean,
): Promise<ListPage> {
  const { sort, direction } = query;
  if (before && query.after) {
    const back = await store.listModels({ ...query, backwards: true });
    // Fewer rows before the position than a page: the previous page is the first one, read forwards whole.
    if (back.next === null) return readListPage(store, withoutPosition(query), false);
    const items = [...back.items].reverse();
    // Read backwards, the last row read is the page's first and the first row read is its last.
    return {
      items,
      next: back.first ? encodeCursor(sort, direction, back.first) : null,
      prev: encodeCursor(sort, direction, back.next, "before"),
    };
  }
  const page = await store.listModels(query);
  const hasPrev = Boolean(query.after);
  const answer = (): ListPage => ({
    items: page.items,
    next: page.next ? encodeCursor(sort, direction, page.next) : null,
    prev: hasPrev && page.first ? encodeCursor(sort, direction, page.first, "before") : null,
  });
  const known = listed(page, () => ({ sort, direction, hasPrev, page: answer() }));
  if (known.sort === sort && known.direction === direction && known.hasPrev === hasPrev) return known.page;
  return answer();
}

// The answer per page the store handed out: the read cache hands out one object per query until a write or expiry
// replaces it, so a popular page's cursors (JSON and base64 each) are made twice, and the page keeps its identity for
// what is kept beside it (its JSON, its Link header). Kept weakly, with what the cursors were made for, from the
// page's second read: a page read once keeps nothing, so its rows are not carried into V8's old generation by the
// map (see cache/weak-memo.ts).
const listed = weakMemo<ModelPage, { sort: SortKey; direction: SortDirection; hasPrev: boolean; page: ListPage }>();

function withoutPosition(query: ListQuery): ListQuery {
  const { after: _after, ...rest } = query;
  return rest;
}
