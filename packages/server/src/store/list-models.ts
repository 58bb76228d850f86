// The model list query: which rows drive the page, the filters, keyset pagination. A page either reads a small
// candidate set whole and sorts it, or walks an index in page order testing each row; a walk that could read a large
// range for few matches is bounded, and past the bound the page is read from the smallest candidate set instead.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { DialectAdapter, PkQuery } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { withinAuthorIds } from "./author-ids.js";
import { type Equality, hasCompositeIndex } from "./index-choice.js";
import { type Condition, conditions, drivingSet, equalitiesOf, type SearchPart } from "./list-conditions.js";
import { postingsPage, type SetWalk, searchedAlone, searchedPostings } from "./list-postings.js";
import {
  COUNT_LIMITS,
  positionRanges,
  positionTest,
  smallestSet,
  WALK_LIMITS,
  type Walked,
  walkBound,
} from "./list-walk.js";
import { type SummaryRow, toSummary } from "./model-row.js";
import { SORT_KEYS } from "./sort-keys.js";
import type { ListPosition, ListQuery, ModelPage } from "./store.js";
import { mayRead, type VisibleTest, visibleByKeys, visibleCondition } from "./visibility.js";

export { DRIVING_SET_LIMIT } from "./list-conditions.js";
export { WALK_LIMITS } from "./list-walk.js";

const SUMMARY_REFS = [
  "models.pk",
  "models.id",
  "models.author",
  "models.library_name",
  "models.pipeline_tag",
  "models.tags",
  "models.downloads",
  "models.likes",
  "models.last_modified",
  "models.created_at",
  // Checked against the reader's visibility after the page is read (see visibleByKeys).
  "models.private",
] as const;

type PageRow = SummaryRow & { private: number };
type ListBuilder = SelectQueryBuilder<HubDatabase, "models", PageRow>;

/** Where the rows of a page come from, and the columns its order and cursor read. */
interface Plan {
  /** The rows before filters. */
  from: ListBuilder;
  /** The sort column. */
  sort: RawBuilder<unknown>;
  /** The tie-breaker (sequence key) column. */
  seq: RawBuilder<unknown>;
  /** The condition the plan already enforces, not tested again. */
  enforced: Condition | null;
  /** The equality filters the walked index holds (the others are tested per row, kept off the indexes). */
  indexed: readonly Equality[];
  /** The rows a walk reads in page order (what its bound counts); null for a candidate set. */
  walked: Walked | null;
  /** Whether the walk's positions are split at ties (see splitsTies): its sequence key is the table's rowid. */
  splitsTies: boolean;
}

// Where the sequence key is SQLite's rowid (every index ends with it), a row value over (sort, key) is no index range:
// a walk's stretch of the order is read as several (positionRanges).
const splitsTies = (adapter: DialectAdapter) => adapter.indexesEndWithSequence;

// The equality filters a walk's index holds: all of them when one index holds them with the sort, else the author's
// (each author has an index per sort). Sorted by id, an author's models are a range of every index that ends with the
// id (authorIdRange): the other filters' own id index then holds them all (a large author's models of one library
// were read row by row, 160 ms for a page at a million models).
function indexedEqualities(equalities: readonly Equality[], column: string): readonly Equality[] {
  if (equalities.length < 2) return equalities;
  const columns = equalities.map(([c]) => c);
  if (hasCompositeIndex(columns, column)) return equalities;
  const others = columns.filter((c) => c !== "author");
  if (column === "id" && others.length < columns.length && hasCompositeIndex(others, column)) return equalities;
  return equalities.filter(([c]) => c === "author");
}

// Whether the author filter is a range of ids (author-ids.ts): sorted by id, an author's page is a range of whichever
// index ends with the id.
const authorIdRange = (query: ListQuery) => query.author !== undefined && SORT_KEYS[query.sort].column === "id";

function withAuthorIdRange<Q extends SelectQueryBuilder<HubDatabase, "models", object>>(q: Q, query: ListQuery): Q {
  return query.author !== undefined && authorIdRange(query) ? withinAuthorIds(q, query.author) : q;
}

function modelsPlan(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  driver: PkQuery | number[] | null,
): Plan {
  const { column } = SORT_KEYS[query.sort];
  const base = db.selectFrom("models").select(SUMMARY_REFS);
  let from: ListBuilder = base;
  // A key list drives SQLite's scan (each row fetched by key, then sorted); PostgreSQL plans it likewise. A key query
  // (a large candidate set) is read first and joined by key (CROSS JOIN keeps that loop order in SQLite).
  if (Array.isArray(driver)) from = base.where("models.pk", "in", driver);
  else if (driver) {
    from = db
      .selectFrom(driver.as("c"))
      .crossJoin("models")
      .whereRef("models.pk", "=", "c.pk")
      .select(SUMMARY_REFS) as unknown as ListBuilder;
  }
  const indexed = driver ? [] : indexedEqualities(equalitiesOf(query), column);
  const sort = sql.ref(`models.${column}`);
  const seq = sql.ref("models.pk");
  let walked: Walked | null = null;
  if (!driver) {
    let rows = db.selectFrom("models");
    // The walk only bounds the page (whose query tests every filter): an author held by its id range is the range.
    for (const [name, value] of indexed) {
      if (name !== "author" || !authorIdRange(query)) rows = rows.where(sql.ref(`models.${name}`), "=", value);
    }
    walked = { rows: withAuthorIdRange(rows, query), value: sort, seq };
  }
  return { from, sort, seq, enforced: null, indexed, walked, splitsTies: walked !== null && splitsTies(adapter) };
}

// model_tags is keyed (tag, downloads, model), so one tag's models sorted by downloads are an index range: the page
// walks it and joins each row (CROSS JOIN keeps that loop order in SQLite).
function tagPlan(db: Kysely<HubDatabase>, cond: Condition & { tag: string }): Plan {
  const from = db
    .selectFrom("model_tags as t")
    .crossJoin("models")
    .whereRef("models.pk", "=", "t.model_pk")
    .where("t.tag", "=", cond.tag)
    .select(SUMMARY_REFS);
  const sort = sql.ref("t.downloads");
  const seq = sql.ref("t.model_pk");
  const rows = db.selectFrom("model_tags as t").where("t.tag", "=", cond.tag);
  return {
    from: from as unknown as ListBuilder,
    sort,
    seq,
    enforced: cond,
    indexed: [],
    walked: { rows, value: sort, seq },
    // model_tags' key holds model_pk as a column of its own: a row value over it is one index range.
    splitsTies: false,
  };
}

// The plan of a page: a small candidate set read whole, else a walk (empty set: null).
async function choosePlan(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  conds: Condition[],
): Promise<Plan | null> {
  const driver = await drivingSet(db, conds);
  if (driver) return driver.length === 0 ? null : modelsPlan(db, adapter, query, driver);
  const tagged = conds.find((c): c is Condition & { tag: string } => c.tag !== undefined);
  // Sorted by downloads, a tag's range is in page order; an equality filter's own index is too, and is preferred
  // when it holds fewer rows than a walk may read.
  if (tagged && SORT_KEYS[query.sort].column === "downloads") {
    const models = modelsPlan(db, adapter, query, null);
    const limit = WALK_LIMITS.readingRows;
    if (
      models.indexed.length > 0 &&
      models.walked &&
      (await walkBound(models.walked, query, limit, models.splitsTies)) === null
    ) {
      return models;
    }
    return tagPlan(db, tagged);
  }
  return modelsPlan(db, adapter, query, null);
}

// The page query of `plan` (every filter not enforced by the plan tested per row) within `range` of the order (one
// of positionRanges'; null: all of it).
function pageQuery(
  adapter: DialectAdapter,
  query: ListQuery,
  conds: Condition[],
  plan: Plan,
  range: RawBuilder<boolean> | null,
  visible: VisibleTest,
): ListBuilder {
  let q = plan.from;
  // Without a walk, every row the page tests is read by key (a candidate set).
  const readByKey = plan.walked === null;
  for (const cond of conds) {
    if (cond !== plan.enforced) q = q.where(readByKey ? (cond.rowTest ?? cond.test) : cond.test);
  }
  if (visible.condition) q = q.where(visible.condition);
  for (const [name, value] of equalitiesOf(query)) {
    const ref = sql.ref(`models.${name}`);
    // A walk holds the author by its id range, not by an index of the author (which would be read and sorted).
    const byRange = name === "author" && plan.walked !== null && authorIdRange(query);
    const onIndex = !byRange && plan.indexed.some(([c]) => c === name);
    q = q.where(sql<boolean>`${onIndex ? ref : adapter.unindexed(ref)} = ${value}`);
  }
  if (plan.walked) q = withAuthorIdRange(q, query);

  const byId = query.sort === "id";
  const desc = query.direction === -1;
  if (range) q = q.where(range);
  q = q.orderBy(plan.sort, desc ? "desc" : "asc");
  if (!byId) q = q.orderBy(plan.seq, desc ? "desc" : "asc");
  return q.limit(query.limit + 1);
}

// A walk's page in two steps: the walk selects keys only, so each filter answered from an index (a tag, a hidden
// model) is tested without reading the row (SQLite reads a row whose columns the statement selects before testing
// it); then the page's rows are read by key and put in order.
function keysThenRows(db: Kysely<HubDatabase>, query: ListQuery, walk: ListBuilder, plan: Plan): ListBuilder {
  const keys = walk.clearSelect().select(plan.seq.as("pk"));
  const { column } = SORT_KEYS[query.sort];
  const dir = query.direction === -1 ? "desc" : "asc";
  let q = db
    .selectFrom("models")
    .select(SUMMARY_REFS)
    .where("models.pk", "in", keys as never)
    .orderBy(sql.ref(`models.${column}`), dir);
  if (query.sort !== "id") q = q.orderBy("models.pk", dir);
  return q;
}

// True when every row the walk reads is on the page: no filter is left to test per row.
function walkIsExact(query: ListQuery, conds: Condition[], plan: Plan): boolean {
  return conds.every((c) => c === plan.enforced) && plan.indexed.length === equalitiesOf(query).length;
}

// How many rows the walk of `plan` may read: many when every filter left is tested from an index (tags by key),
// few when a row must be read for it (a search, an equality its index does not hold, a per-row visibility test).
function walkLimit(query: ListQuery, conds: Condition[], plan: Plan, visible: VisibleTest): number {
  const fromIndexes =
    conds.every((c) => c === plan.enforced || c.tag !== undefined) &&
    plan.indexed.length === equalitiesOf(query).length &&
    !visible.readsRow;
  return fromIndexes ? WALK_LIMITS.fromIndexes : WALK_LIMITS.readingRows;
}

// The rows of a page: a bounded walk first (walkLimit); when that finds too few, the page is read again from the
// smallest candidate set (every filter's rows, counted up to a bound), or by the whole walk when none is smaller.
async function pageRows(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  conds: Condition[],
  plan: Plan,
  visible: VisibleTest,
): Promise<PageRow[]> {
  const after = query.after ?? null;
  const rangesOf = (of: Plan, bound: ListPosition | null) =>
    positionRanges(query, of.sort, of.seq, after, bound, of.splitsTies);
  const page = (of: Plan) => (range: RawBuilder<boolean> | null) =>
    pageQuery(adapter, query, conds, of, range, visible);
  if (!plan.walked || walkIsExact(query, conds, plan)) {
    return rowsInRanges(rangesOf(plan, null), page(plan), query.limit);
  }
  const limit = walkLimit(query, conds, plan, visible);
  const bound = await walkBound(plan.walked, query, limit, plan.splitsTies);
  const walk = (at: ListPosition | null) =>
    rowsInRanges(rangesOf(plan, at), (range) => keysThenRows(db, query, page(plan)(range), plan), query.limit);
  const rows = await walk(bound);
  if (!bound || rows.length > query.limit) return rows;
  // The walked filters' own set is the walk: reading it whole costs more than walking on.
  const others = equalitiesOf(query).filter(([c]) => !plan.indexed.some(([i]) => i === c));
  const unwalked = conds.filter((c) => c !== plan.enforced);
  const countLimit = limit === WALK_LIMITS.fromIndexes ? COUNT_LIMITS.fromIndexes : COUNT_LIMITS.readingRows;
  const smallest = await smallestSet(db, query, unwalked, others, rows.length / limit, countLimit);
  if (!smallest) return walk(null);
  const candidates = modelsPlan(db, adapter, query, smallest);
  return rowsInRanges(rangesOf(candidates, null), page(candidates), query.limit);
}

// The first `limit + 1` rows of the ranges (in page order), each read by `read` (which limits it to `limit + 1`):
// a range is read only while the ones before it left the page short.
async function rowsInRanges(
  ranges: readonly (RawBuilder<boolean> | null)[],
  read: (range: RawBuilder<boolean> | null) => ListBuilder,
  limit: number,
): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  for (const range of ranges) {
    rows.push(...(await read(range).execute()));
    if (rows.length > limit) return rows.slice(0, limit + 1);
  }
  return rows;
}

// The rows of a page, the reader's hidden models excluded by key; read again testing each row in the rare case a
// model turned private since the keys were read.
async function visibleRows(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  conds: Condition[],
  plan: Plan,
): Promise<PageRow[]> {
  const rows = await pageRows(db, adapter, query, conds, plan, await visibleByKeys(db, adapter, query.visibility));
  if (rows.every((row) => mayRead(row, query.visibility))) return rows;
  const perRow = { condition: visibleCondition(adapter, query.visibility), readsRow: true };
  return pageRows(db, adapter, query, conds, plan, perRow);
}

/** Whether the query is a search alone: its page may then be read in order from the search index, or a walk. */
function searchesAlone(query: ListQuery): query is ListQuery & { search: string } {
  // The walked index holds the id and the visibility, not the other filters' columns.
  return query.search !== undefined && query.tags.length === 0 && equalitiesOf(query).length === 0;
}

/** A row a search walk found: its pk and where it stands in the order. */
type Found = { pk: number; value: string | number };

/**
 * The first `query.limit + 1` rows matching the search among the first `rows` rows (null: all) of the sort's index,
 * continuing after `query.after`; the index is read alone, each id tested.
 */
async function searchWalk(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  rows: number | null,
): Promise<Found[]> {
  const { column } = SORT_KEYS[query.sort];
  const sort = sql.ref(`models.${column}`);
  const seq = sql.ref("models.pk");
  const dir = query.direction === -1 ? "desc" : "asc";
  let walk = db.selectFrom("models").select(["models.pk", "models.id"]);
  if (column !== "id") walk = walk.select(sql.ref(`models.${column}`).as(column));
  const visible = visibleCondition(adapter, query.visibility);
  if (visible) walk = walk.where(visible);
  const after = query.after;
  if (after) walk = walk.where(positionTest(query, sort, seq, query.direction === -1 ? "<" : ">", after));
  walk = walk.orderBy(sort, dir).orderBy(seq, dir);
  if (rows !== null) walk = walk.limit(rows);
  // The walked rows keep the name `models`, so the search test reads them as it reads the table.
  return await db
    .selectFrom(walk.as("models"))
    .select(["models.pk", sql<string | number>`${sort}`.as("value")])
    .where(adapter.idContains(query.search))
    .orderBy(sort, dir)
    .orderBy(seq, dir)
    .limit(query.limit + 1)
    .execute();
}

/**
 * Matches a bounded walk must find to go on walking rather than ask the candidates: 2 in the first 5,000 rows foretell
 * the page within some 100,000 more, and a term that leaves fewer there is rare enough (about a thousand ids, or fewer)
 * that reading its candidates costs less.
 */
const WALK_ON_AT = 2;

/** How much further than the first walk (in its lengths) the walk goes on before the candidates are asked. */
const WALK_ON_ROWS = 20;

/**
 * Most candidates a search page reads (each a row read: 15-30 µs at a million models, where a walked index entry costs
 * under 1 µs) and sorts in one statement. A term more ids hold is common enough that the walk of the sort's index
 * reaches its page sooner. These three limits were chosen on the scale bench's 300 terms at a million models (each
 * term's match count, and where its first 31 matches stand in the order), with costs from EXPLAIN ANALYZE there.
 */
export const SEARCH_CANDIDATE_LIMIT = 3_000;

// The rows of `rows` (of `models`) the reader may see, after `query.after` in the list's order.
function seenAfter<Q extends SelectQueryBuilder<HubDatabase, "models", object>>(
  rows: Q,
  adapter: DialectAdapter,
  query: ListQuery,
): Q {
  const visible = visibleCondition(adapter, query.visibility);
  let seen = visible ? rows.where(visible) : rows;
  if (query.after) {
    const sort = sql.ref(`models.${SORT_KEYS[query.sort].column}`);
    const op = query.direction === -1 ? "<" : ">";
    seen = seen.where(positionTest(query, sort, sql.ref("models.pk"), op, query.after));
  }
  return seen as Q;
}

/**
 * The first `query.limit + 1` rows matching the search, continuing after `query.after`, read from the search index's
 * candidates and sorted whole; null when more than `most` ids match (the statement stops reading there).
 */
async function searchCandidatePage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  most: number,
): Promise<Found[] | null> {
  const candidates = adapter.searchRows(db, query.search);
  if (!candidates) return null;
  const sort = sql.ref(`models.${SORT_KEYS[query.sort].column}`);
  const matching = seenAfter(candidates, adapter, query)
    .select(["models.pk", sort.as("value")])
    .where(adapter.idContains(query.search))
    .limit(most + 1);
  const dir = query.direction === -1 ? "desc" : "asc";
  // Counted before the LIMIT of the page: past `most` the set was cut, and its first rows are not the page's.
  const found = await db
    .selectFrom(matching.as("c"))
    .select(["c.pk", sql<string | number>`c.value`.as("value"), sql<number | string>`count(*) over ()`.as("n")])
    .orderBy(sql`c.value`, dir)
    .orderBy("c.pk", dir)
    .limit(query.limit + 1)
    .execute();
  if (Number(found[0]?.n ?? 0) > most) return null;
  return found.map(({ pk, value }) => ({ pk, value }));
}

// The pks of a search page on a dialect that walks (DialectAdapter.searchWalkRows). A short walk of the sort's index
// finds a common term's page, or enough of it to go on from its last match. Else, where the dialect keeps sets, the
// term's set (its trigrams' posting lists crossed: 8-36 ms at ten million models) is read as a crossing is
// (list-postings.ts searchedAlone); elsewhere the candidates are read and sorted when they are few enough
// (SEARCH_CANDIDATE_LIMIT). Else (a common term, few near the top of the order) the walk goes to the page's end,
// still reading the index alone.
async function searchWalkDriver(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
): Promise<number[]> {
  const rows = adapter.searchWalkRows ?? 0;
  const first = await searchWalk(db, adapter, query, rows);
  const last = first[first.length - 1];
  if (first.length > query.limit) return first.map((r) => r.pk);
  if (last && first.length >= Math.min(WALK_ON_AT, query.limit)) {
    const on = { ...query, after: { value: last.value, seq: last.pk }, limit: query.limit - first.length };
    const more = await searchWalk(db, adapter, on, rows * WALK_ON_ROWS);
    if (first.length + more.length > query.limit) return [...first, ...more].map((r) => r.pk);
  }
  if (adapter.keepsSets) {
    const walk = setWalk(db, adapter, query);
    const found = walk && (await searchedAlone(db, adapter, query, walk));
    if (found) return found;
  } else {
    const page = await searchCandidatePage(db, adapter, query, SEARCH_CANDIDATE_LIMIT);
    if (page) return page.map((r) => r.pk);
  }
  return (await searchWalk(db, adapter, query, null)).map((r) => r.pk);
}

// The pks of a search page read from the search index in the page's order (DialectAdapter.searchInOrder): its first
// candidates that hold the term and that the reader may see. Null where the index does not keep the page's order.
async function searchInOrderDriver(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
): Promise<number[] | null> {
  const { column } = SORT_KEYS[query.sort];
  const order = { column, direction: query.direction, ...(query.after ? { after: query.after } : {}) };
  const rows = await adapter.searchInOrder(db, query.search, order);
  if (!rows) return null;
  const found = await seenAfter(rows, adapter, query)
    .where(adapter.idContains(query.search))
    .select("models.pk")
    .limit(query.limit + 1)
    .execute();
  return found.map((r) => r.pk);
}

// The pks of a search page alone: from the search index in order, else by the search walk where the dialect walks;
// null: plan it as any other filter.
async function searchDriver(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
): Promise<number[] | null> {
  const inOrder = await searchInOrderDriver(db, adapter, query);
  if (inOrder) return inOrder;
  return adapter.searchWalkRows === null ? null : searchWalkDriver(db, adapter, query);
}

// The pks of a page whose filters cross (list-postings.ts): those no one index holds in the page's order. Null when
// one does (every equality filter with the sort and no tag, or one tag alone by downloads), or the dialect keeps no
// posting lists.
async function crossingDriver(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
): Promise<number[] | null> {
  const walk = modelsPlan(db, adapter, query, null);
  const equalities = equalitiesOf(query).length;
  if (query.tags.length === 0 && walk.indexed.length === equalities) return null;
  if (query.tags.length === 1 && equalities === 0 && SORT_KEYS[query.sort].column === "downloads") return null;
  const set = setWalk(db, adapter, query);
  return set && postingsPage(db, adapter, query, set);
}

// The walk of a page read from a set (list-postings.ts): the sort's index, or an index of some filters with it.
function setWalk(db: Kysely<HubDatabase>, adapter: DialectAdapter, query: ListQuery): SetWalk | null {
  const plan = modelsPlan(db, adapter, query, null);
  return plan.walked && { walked: plan.walked, split: plan.splitsTies, filters: plan.indexed };
}

// The pks of a page whose search is crossed with filters (list-postings.ts searchedPostings); `searchesIds`: the page
// searches ids (not cards).
async function searchCrossingDriver(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  searchesIds: boolean,
): Promise<number[] | null> {
  const walk = setWalk(db, adapter, query);
  return walk && searchedPostings(db, adapter, query, walk, searchesIds, () => searchedByIdIndex(db, adapter, query));
}

// The library and task filters of `query` when an index of theirs ends with the id (none: no such filter or index).
function idIndexFilters(query: ListQuery): Equality[] {
  const equalities = equalitiesOf(query).filter(([c]) => c !== "author");
  const columns = equalities.map(([c]) => c);
  return columns.length > 0 && hasCompositeIndex(columns, "id") ? equalities : [];
}

/** Most models a search crossed with a library or task reads whole after finding them on the filters' id index. */
const ID_INDEX_FOUND_MOST = 20_000;

// The models of a page searching ids and filtering by library and/or task, found on the filters' id index (each id
// tested there, no row read: 0.3-0.4 µs an entry, 0.95-1.2 s for a task of 3 million models at ten million): the bound
// of a search that rarely meets its filters. Null without such a filter, or when more models hold the term than a
// page reads whole.
async function searchedByIdIndex(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
): Promise<number[] | null> {
  const equalities = idIndexFilters(query);
  if (equalities.length === 0) return null;
  let rows = db.selectFrom("models").select("models.pk").where(adapter.idContains(query.search));
  for (const [column, value] of equalities) rows = rows.where(sql.ref(`models.${column}`), "=", value);
  const found = await rows.limit(ID_INDEX_FOUND_MOST + 1).execute();
  return found.length > ID_INDEX_FOUND_MOST ? null : found.map((r) => r.pk);
}

/** One page of models matching `query` (its search matching `part`), continuing after `query.after`; `end` is the
 * position of its last row, whether or not a next page follows. */
export async function listModels(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  part: SearchPart = "id",
): Promise<ModelPage & { end: ListPosition | null }> {
  const { column } = SORT_KEYS[query.sort];
  const conds = conditions(db, adapter, query, part);
  const search = query.search;
  const pks =
    part === "id" && searchesAlone(query)
      ? await searchDriver(db, adapter, query)
      : search === undefined
        ? await crossingDriver(db, adapter, query)
        : await searchCrossingDriver(db, adapter, { ...query, search }, part === "id");
  const plan = pks
    ? pks.length === 0
      ? null
      : modelsPlan(db, adapter, query, pks)
    : await choosePlan(db, adapter, query, conds);
  if (!plan) return { items: [], next: null, first: null, end: null };
  const rows = await visibleRows(db, adapter, query, conds, plan);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const end = last ? { value: last[column], seq: last.pk } : null;
  const head = page[0];
  return {
    items: page.map(toSummary),
    next: rows.length > query.limit ? end : null,
    first: head ? { value: head[column], seq: head.pk } : null,
    end,
  };
}
