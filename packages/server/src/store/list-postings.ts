// Lists that cross filters, read from the exact set of models they match (DialectAdapter.matchingModels: the posting
// lists of an author, a library, a task and tags, intersected in memory). No index of the database holds such a
// crossing in the page's order, and walking one filter's index while testing the others reads every row of its set
// when they rarely meet. Knowing the set, a page reads it whole when it is small, and otherwise walks the sort's index
// testing each key against the set in memory: about (page size × walked rows ÷ set size) index entries, no row read.
// A search is a set too (DialectAdapter.searchingModels: the ids holding each of its trigrams), crossed with the
// filters' in memory; its keys are a superset, so those a walk finds are tested for the term before they count.
import type { Kysely } from "kysely";
import type { DialectAdapter, FilterValue, ModelSet } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { equalitiesOf } from "./list-conditions.js";
import { positionRanges, type Walked } from "./list-walk.js";
import { SORT_KEYS } from "./sort-keys.js";
import type { ListPosition, ListQuery } from "./store.js";
import { HIDDEN_KEYS_LIMIT, hiddenKeys } from "./visibility.js";

/** Index entries a batch of a walk reads: at least the first, at most the last (each next batch reads four times more). */
const WALK_BATCHES = { first: 256, last: 16_384 };

/** How large the sets a page reads may be (tests at small scale lower them). */
export const SET_LIMITS = {
  /**
   * Most models a page reads whole (by key, then sorted) rather than walk the sort's index: a set of n models among W
   * walked entries costs n row reads one way and about (page size × W ÷ n) index entries the other, each about as
   * dear (1-2 µs here); the cheaper is taken, up to this many keys in one statement.
   */
  readWhole: 20_000,
  /**
   * Most models a search crossed with filters reads whole, testing the search on each (about 2 µs a row at a million
   * models): the filters' set.
   */
  searchedWhole: 10_000,
  /**
   * Most models whose id may hold a search term read from the id search index as a set: 0.3-0.8 µs a key at ten
   * million models (567,000 for "2.5-7B-" in 447 ms). A term more ids hold is common enough that a walk testing each
   * model it passes finds its page soon.
   */
  searchSet: 5_000,
  /**
   * Most keys a walk tests for a search term (a row read each, 2,000 in 15-20 ms at ten million models): past them the
   * term is rare among the filters' models, and it is found another way (searchedPostings' `rare`).
   */
  verifiedMost: 4_000,
  /**
   * Most keys of the id search index a page sorted in its order reads (0.5-2 µs each at ten million models),
   * testing each against the filters' set: past them the filters rarely meet the term.
   */
  searchedInOrder: 100_000,
  /** Keys of the id search index read in order by the first statement (each next one reads four times more). */
  inOrderBatch: 1_024,
  /**
   * Entries of the sort's covering index a search walk reads (each id tested in SQL: 0.1 µs at ten million models)
   * for a term too common for a set, and most models holding the term it hands out, each tested against the filters'
   * set. Past them the term rarely meets the filters, and they are searched on their own id index.
   */
  walkedEntries: 150_000,
  walkedMatches: 10_000,
  /**
   * Most keys of the id search index read as a term's whole set once the bounded ways gave up: 0.3-0.5 µs a key at ten
   * million models (227,524 for "emma-2" in 120-140 ms, 851,932 for "/Lla" in 0.3-0.4 s), where the walk left after it
   * reads a row of each model of a filter's set (3-6 s for "emma-2" crossed with a tag 567,000 models hold).
   */
  searchSetMost: 1_000_000,
};

/**
 * Up to `count` models holding the search term among the first `rows` entries after a position, in page order (the
 * dialect's search walk).
 */
export type SearchMatches = (
  after: ListPosition | null,
  count: number,
  rows: number,
) => Promise<{ pk: number; value: unknown }[]>;

/**
 * What reading a row by key costs in walked index entries: at ten million models the rows a set names are scattered
 * over gigabytes (1,275 read in 29 ms, most from the operating system's cache or the disk), where a walk reads index
 * pages in order (about a microsecond an entry, position and test in memory included).
 */
const ROW_READ_COST = 8;

/**
 * What a key of a term's set read from the id search index costs in walked index entries (0.3-0.5 µs each, the keys
 * packed in one blob by the index's statement). Over the shapes bench's search requests at ten million models (in
 * process, warm), 1.5 against 0.5: the slowest 2.1 s -> 1.5 s, "en2.5-7B" by an author, a task and a tag 1.9 -> 0.9 s.
 */
const SEARCH_KEY_COST = 0.5;

/**
 * What an entry of a filter's id index tested for the term costs in walked index entries. A whole scan costs
 * 0.3-0.4 µs an entry at ten million models (3.1 million in 0.95-1.2 s, warm), but the scan stops at the models a
 * page reads whole (list-models.ts ID_INDEX_FOUND_MOST), which a term common among the filters' models reaches early:
 * at 0.35 the shapes bench's 15 slowest searches took 9.2 s in process against 7.6 s at this figure.
 */
const ID_ENTRY_COST = 0.1;

/** Sets this small are read whole, whatever the walk would cost. */
const READ_ALWAYS = 256;

/** Most keys of a walk verified in one statement (a key list, each a row read). */
const VERIFY_BATCH_MOST = 2_000;

/** The filter values of `query` a dialect may keep posting lists of. */
export function filterValues(query: ListQuery): FilterValue[] {
  return [...equalitiesOf(query), ...query.tags.map((tag): FilterValue => ["tag", tag])];
}

// Up to `count` positions of the walk after `after`, in page order.
async function walkPositions(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  walked: Walked,
  query: ListQuery,
  after: ListPosition | null,
  count: number,
  split: boolean,
): Promise<{ seqs: number[]; last: ListPosition | null }> {
  const dir = query.direction === -1 ? "desc" : "asc";
  const seqs: number[] = [];
  let last: ListPosition | null = null;
  for (const range of positionRanges(query, walked.value, walked.seq, after, null, split)) {
    let q = (range ? walked.rows.where(range) : walked.rows)
      .select([walked.value.as("value"), walked.seq.as("seq")])
      .orderBy(walked.value, dir);
    if (query.sort !== "id") q = q.orderBy(walked.seq, dir);
    const read = await adapter.walkedKeys(db, q.limit(count - seqs.length));
    for (let i = 0; i < read.seqs.length; i++) seqs.push(read.seqs[i] as number);
    if (read.seqs.length > 0)
      last = { value: read.lastValue as ListPosition["value"], seq: seqs[seqs.length - 1] as number };
    if (seqs.length === count) break;
  }
  return { seqs, last };
}

// About how many entries a walk holding some of `query`'s filters (`walked`) passes: the fewest models of one of them
// (`matching` knows their sizes), or every model (the highest key: no count of the table).
async function walkedSize(
  db: Kysely<HubDatabase>,
  matching: ModelSet | null,
  walked: readonly FilterValue[],
  query: ListQuery,
): Promise<number> {
  if (walked.length > 0 && matching) return fewestOf(matching, walked, query);
  return highestKey(db);
}

// About how many models there are: the highest key (no count of the table).
async function highestKey(db: Kysely<HubDatabase>): Promise<number> {
  const row = await db
    .selectFrom("models")
    .select((eb) => eb.fn.max("pk").as("top"))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

// The size of the smallest posting list among `values` (filters of `query`) that `matching` crossed.
function fewestOf(matching: ModelSet, values: readonly FilterValue[], query: ListQuery): number {
  const all = filterValues(query);
  return Math.min(...values.map(([f, v]) => matching.sizeOf(all.findIndex(([g, w]) => g === f && w === v))));
}

// The models matching the equality and tag filters of `query` that the reader may see; null where the dialect keeps
// no posting lists, no such filter is set, or too many models are hidden to take out.
async function visibleMatching(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
): Promise<ModelSet | null> {
  const values = filterValues(query);
  const set = values.length > 0 ? await adapter.matchingModels(db, values) : null;
  const hidden = set && (await hiddenKeys(db, query.visibility, HIDDEN_KEYS_LIMIT));
  if (!set || !hidden) return null;
  for (const pk of hidden) set.delete(pk);
  return set;
}

// The keys of `pks` whose model's id holds `term`, in their order: the search index's set holds every id with each of
// the term's trigrams (and folds case beyond ASCII), a superset.
function holding(db: Kysely<HubDatabase>, adapter: DialectAdapter, term: string) {
  return async (pks: number[]): Promise<number[]> => {
    if (pks.length === 0) return [];
    const rows = await db
      .selectFrom("models")
      .select("models.pk")
      .where("models.pk", "in", pks)
      .where(adapter.idContains(term))
      .execute();
    const kept = new Set(rows.map((r) => r.pk));
    return pks.filter((pk) => kept.has(pk));
  };
}

// The keys of `pks` (in page order) that `verify` keeps, verified a few more than the page still needs at a time, up
// to `want`.
async function firstKept(pks: number[], want: number, verify: (pks: number[]) => Promise<number[]>): Promise<number[]> {
  const kept: number[] = [];
  for (let at = 0; at < pks.length && kept.length < want; ) {
    const next = pks.slice(at, at + Math.max(32, 2 * (want - kept.length)));
    kept.push(...(await verify(next)));
    at += next.length;
  }
  return kept.slice(0, want);
}

/**
 * The first `query.limit + 1` models of `set` holding the search term, read from the id search index in the page's
 * order (DialectAdapter.searchKeysInOrder) and tested against the set in memory; "unordered" where the index does not
 * keep the page's order, "rare" when the term's first SET_LIMITS.searchedInOrder candidates did not fill the page.
 */
async function searchedInOrder(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  set: ModelSet,
  verify: (pks: number[]) => Promise<number[]>,
): Promise<number[] | "unordered" | "rare"> {
  const { column } = SORT_KEYS[query.sort];
  const found: number[] = [];
  let after = query.after ? { value: Number(query.after.value), seq: query.after.seq } : null;
  let read = 0;
  for (let batch = SET_LIMITS.inOrderBatch; ; batch = Math.min(batch * 4, 64 * SET_LIMITS.inOrderBatch)) {
    const order = { column, direction: query.direction, ...(after ? { after } : {}) };
    const keys = await adapter.searchKeysInOrder(db, query.search, order, batch);
    if (!keys) return "unordered";
    const { seqs } = keys;
    read += seqs.length;
    const members: number[] = [];
    for (let i = 0; i < seqs.length; i++) if (set.has(seqs[i] as number)) members.push(seqs[i] as number);
    found.push(...(await firstKept(members, query.limit + 1 - found.length, verify)));
    if (found.length > query.limit || seqs.length < batch || seqs.length === 0) return found;
    if (read >= SET_LIMITS.searchedInOrder) return "rare";
    after = { value: Number(keys.lastValue), seq: seqs[seqs.length - 1] as number };
  }
}

/**
 * The first `query.limit + 1` models of `set` among those the search walk finds holding the term in its first
 * SET_LIMITS.walkedEntries entries (`page`; null when they are fewer: the term rarely meets the filters there), and
 * the share of those entries holding the term, at least (the walk stops at SET_LIMITS.walkedMatches).
 */
async function walkedMatches(
  query: ListQuery,
  set: ModelSet,
  matches: SearchMatches,
): Promise<{ page: number[] | null; share: number }> {
  const found: number[] = [];
  const hits = await matches(query.after ?? null, SET_LIMITS.walkedMatches, SET_LIMITS.walkedEntries);
  const share = hits.length / SET_LIMITS.walkedEntries;
  for (const { pk } of hits) {
    if (set.has(pk)) found.push(pk);
    if (found.length > query.limit) return { page: found, share };
  }
  return { page: null, share };
}

/** The walk of a page read from a set: the sort's index, or an index of some of the filters with it. */
export interface SetWalk {
  walked: Walked;
  /** Whether the walk's positions are split at ties (list-walk.ts positionRanges). */
  split: boolean;
  /** The filter values the walked index holds. */
  filters: readonly FilterValue[];
}

/** Where a search too common for a set is found among the filters' models (list-models.ts). */
export interface RareSearch {
  /** The filters of an index of theirs that holds the id (none: no such index). */
  idIndexFilters: readonly FilterValue[];
  /** The models of those filters holding the term, found on that index; null: none, or too many. */
  onIdIndex: () => Promise<number[] | null>;
  /** The search walk, where the dialect walks. */
  matches: SearchMatches | null;
}

/**
 * The keys a page of `query` (a search and filters) is read from: those the filters match when they are few
 * (SET_LIMITS.searchedWhole), tested for the term by the page; else, searching ids, the first of the filters' models
 * the search index names in the page's order where it keeps that order (searchedInOrder); else the models it names
 * crossed with the filters' set (SET_LIMITS.searchSet at most, setPage); else those the search walk finds in the
 * first stretch of the order; else the models the search index names, however many (SET_LIMITS.searchSetMost at
 * most), unless they are known to be more than reading them could save; else those `rare.onIdIndex` finds. Null
 * where the dialect keeps no sets, the reader may not see too many models, or all of these give up: the page is then
 * planned as any other.
 */
export async function searchedPostings(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  walk: SetWalk,
  searchesIds: boolean,
  rare: RareSearch,
): Promise<number[] | null> {
  if (filterValues(query).length === 0) return null;
  const matching = await visibleMatching(db, adapter, query);
  if (!matching) return null;
  if (matching.size <= SET_LIMITS.searchedWhole) return matching.keys();
  if (!searchesIds) return null;
  const verify = holding(db, adapter, query.search);
  const inOrder = await searchedInOrder(db, adapter, query, matching, verify);
  if (Array.isArray(inOrder)) return inOrder;
  const crossed = async (most: number) => {
    const searched = await adapter.searchingModels(db, query.search, most);
    if (!searched) return null;
    searched.retain(matching);
    const size = await walkedSize(db, matching, walk.filters, query);
    return setPage(db, adapter, query, searched, walk, size, verify);
  };
  const few = await crossed(SET_LIMITS.searchSet);
  if (few) return few;
  // How many keys the term's set holds, at least: more than the small set's, the keys read in order, or the share of
  // the search walk's entries holding the term (where the search index's order gave up, the term rarely meets the
  // filters: a walk in another order would too).
  let fewest = SET_LIMITS.searchSet + 1;
  if (inOrder === "rare") fewest = Math.max(fewest, SET_LIMITS.searchedInOrder);
  if (inOrder === "unordered" && rare.matches) {
    const walked = await walkedMatches(query, matching, rare.matches);
    if (walked.page) return walked.page;
    fewest = Math.max(fewest, Math.floor(walked.share * (await highestKey(db))));
  }
  // The term's whole set, while reading it costs less than what is left: testing the term on each entry of the
  // filters' id index, or else on each row of the smallest filter's set (the page planned as any other). A set known
  // to be larger is not read: reading it only to give up would add to what is left.
  const left =
    rare.idIndexFilters.length > 0
      ? fewestOf(matching, rare.idIndexFilters, query) * ID_ENTRY_COST
      : fewestOf(matching, filterValues(query), query) * ROW_READ_COST;
  const most = Math.min(SET_LIMITS.searchSetMost, Math.floor(left / SEARCH_KEY_COST));
  return (most >= fewest && (await crossed(most))) || rare.onIdIndex();
}

/**
 * The keys a page of `query` is read from, when its filters cross (see the file's comment): the first
 * `query.limit + 1` of the models they match after `query.after` along `walk`, or every one (setPage). Null where the
 * dialect keeps no posting lists, or the reader may not see too many models to take them out of the set.
 */
export async function postingsPage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  walk: SetWalk,
): Promise<number[] | null> {
  const set = await visibleMatching(db, adapter, query);
  if (!set) return null;
  if (set.size <= READ_ALWAYS) return set.keys();
  return setPage(db, adapter, query, set, walk, await walkedSize(db, set, walk.filters, query), null);
}

/**
 * The keys of `set` a page reads: every one when the set is tiny (READ_ALWAYS) or reading it whole costs less than the
 * walk (ROW_READ_COST, up to SET_LIMITS.readWhole), else the first `query.limit + 1` of them after `query.after` along the
 * walk (`walkedSize` entries long), each key found kept only when `verify` keeps it (null: all are). Null when `verify`
 * tested SET_LIMITS.verifiedMost keys without filling the page.
 */
async function setPage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  set: ModelSet,
  walk: SetWalk,
  walkedSize: number,
  verify: ((pks: number[]) => Promise<number[]>) | null,
): Promise<number[] | null> {
  const expected = Math.ceil(((query.limit + 1) * walkedSize) / Math.max(1, set.size));
  const whole = set.size <= SET_LIMITS.readWhole && set.size * ROW_READ_COST <= expected;
  if (set.size <= READ_ALWAYS || whole) return set.keys();
  const found: number[] = [];
  let pending: number[] = [];
  // Keys are verified in batches sized by the share kept so far, so a rare term costs a few statements, not one per key.
  let tested = 0;
  const settle = async () => {
    tested += pending.length;
    found.push(...(verify ? await verify(pending) : pending));
    pending = [];
  };
  const due = () => {
    const kept = tested === 0 ? 1 : Math.max(found.length / tested, 1 / VERIFY_BATCH_MOST);
    return pending.length >= Math.min(Math.ceil((query.limit + 1 - found.length) / kept), VERIFY_BATCH_MOST);
  };
  let after = query.after ?? null;
  const first = Math.max(WALK_BATCHES.first, Math.min(Math.ceil(expected * 1.25), WALK_BATCHES.last));
  for (let batch = first; ; batch = Math.min(batch * 4, WALK_BATCHES.last)) {
    const { seqs, last } = await walkPositions(db, adapter, walk.walked, query, after, batch, walk.split);
    for (const seq of seqs) {
      if (!set.has(seq)) continue;
      pending.push(seq);
      if (due()) await settle();
      if (found.length > query.limit) return found.slice(0, query.limit + 1);
      if (verify && tested > SET_LIMITS.verifiedMost) return null;
    }
    if (seqs.length < batch || !last) {
      await settle();
      return found;
    }
    after = last;
  }
}
