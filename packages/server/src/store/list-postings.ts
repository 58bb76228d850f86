// Lists that cross filters, read from the exact set of models they match (DialectAdapter.matchingModels: the posting
// lists of an author, a library, a task and tags, intersected in memory). No index of the database holds such a
// crossing in the page's order, and walking one filter's index while testing the others reads every row of its set
// when they rarely meet. Knowing the set, a page reads it whole when it is small, and otherwise walks the sort's index
// testing each key against the set in memory: about (page size × walked rows ÷ set size) index entries, no row read.
import type { Kysely } from "kysely";
import type { DialectAdapter, FilterValue, ModelSet } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { DRIVING_SET_LIMIT, equalitiesOf } from "./list-conditions.js";
import { positionRanges, type Walked } from "./list-walk.js";
import type { ListPosition, ListQuery } from "./store.js";
import { HIDDEN_KEYS_LIMIT, hiddenKeys } from "./visibility.js";

/** Index entries a batch of a walk reads: at least the first, at most the last (each next batch reads four times more). */
const WALK_BATCHES = { first: 256, last: 16_384 };

/**
 * Most models a page reads whole (by key, then sorted) rather than walk the sort's index: a set of n models among W
 * walked entries costs n row reads one way and about (page size × W ÷ n) index entries the other, each about as dear
 * (1-2 µs here); the cheaper is taken, up to this many keys in one statement.
 */
const READ_WHOLE_MOST = 20_000;

/** The filter values of `query` a dialect may keep posting lists of. */
export function filterValues(query: ListQuery): FilterValue[] {
  return [...equalitiesOf(query), ...query.tags.map((tag): FilterValue => ["tag", tag])];
}

// Up to `count` positions of the walk after `after`, in page order.
async function walkPositions(
  walked: Walked,
  query: ListQuery,
  after: ListPosition | null,
  count: number,
  split: boolean,
): Promise<ListPosition[]> {
  const dir = query.direction === -1 ? "desc" : "asc";
  const out: ListPosition[] = [];
  for (const range of positionRanges(query, walked.value, walked.seq, after, null, split)) {
    let q = (range ? walked.rows.where(range) : walked.rows)
      .select([walked.value.as("value"), walked.seq.as("seq")])
      .orderBy(walked.value, dir);
    if (query.sort !== "id") q = q.orderBy(walked.seq, dir);
    const rows = (await q.limit(count - out.length).execute()) as ListPosition[];
    out.push(...rows.map((r) => ({ value: r.value, seq: Number(r.seq) })));
    if (out.length === count) break;
  }
  return out;
}

// About how many entries a walk holding some of `set`'s filters passes (`walked`: their positions among them): the
// fewest models of one of them, or every model (the highest key: no count of the table).
async function walkedSize(db: Kysely<HubDatabase>, set: ModelSet, walked: readonly number[]): Promise<number> {
  if (walked.length > 0) return Math.min(...walked.map((i) => set.sizes[i] ?? 0));
  const row = await db
    .selectFrom("models")
    .select((eb) => eb.fn.max("pk").as("top"))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
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

/**
 * Most candidates of the id search index read to cross them with the filters' set in memory (each a key read from
 * the index, well under a microsecond): a term more ids hold is common enough for the plans of list-models.ts.
 */
const SEARCH_CANDIDATES_CROSSED = 50_000;

/**
 * The candidates of a page searching ids and filtering by author, library, task or tags: the models the filters
 * match when they are at most `most`, else those of them the id search index names, when at most `most`. Null when
 * neither is (the page is planned as any other), or the dialect keeps no posting lists. The page tests each.
 */
export async function searchedPostings(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  most: number,
  searchesIds: boolean,
): Promise<number[] | null> {
  const set = await visibleMatching(db, adapter, query);
  if (!set) return null;
  if (set.size <= most) return set.keys();
  const candidates = searchesIds ? adapter.searchCandidates(db, query.search) : null;
  if (!candidates) return null;
  const rows = await candidates.limit(SEARCH_CANDIDATES_CROSSED + 1).execute();
  if (rows.length > SEARCH_CANDIDATES_CROSSED) return null;
  const crossed = rows.map((r) => Number(r.pk)).filter((pk) => set.has(pk));
  return crossed.length <= most ? crossed : null;
}

/**
 * The keys a page of `query` is read from, when its filters cross (see the file's comment): every model of the set
 * when it holds at most DRIVING_SET_LIMIT or reading it whole costs less than the walk (READ_WHOLE_MOST), else the
 * first `query.limit + 1` of its models after `query.after` along `walked` (the sort's index, or an index of
 * `walkedFilters` with it). Null where the dialect keeps no posting lists, or the reader may not see too many models
 * to take them out of the set.
 */
export async function postingsPage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  walked: Walked,
  split: boolean,
  walkedFilters: readonly FilterValue[],
): Promise<number[] | null> {
  const set = await visibleMatching(db, adapter, query);
  if (!set) return null;
  if (set.size <= DRIVING_SET_LIMIT) return set.keys();
  const values = filterValues(query);
  const walkedAt = walkedFilters.map(([f, v]) => values.findIndex(([g, w]) => g === f && w === v));
  const expected = Math.ceil(((query.limit + 1) * (await walkedSize(db, set, walkedAt))) / set.size);
  if (set.size <= Math.min(expected, READ_WHOLE_MOST)) return set.keys();
  const found: number[] = [];
  let after = query.after ?? null;
  const first = Math.max(WALK_BATCHES.first, Math.min(Math.ceil(expected * 1.25), WALK_BATCHES.last));
  for (let batch = first; ; batch = Math.min(batch * 4, WALK_BATCHES.last)) {
    const positions = await walkPositions(walked, query, after, batch, split);
    for (const { seq } of positions) {
      if (set.has(seq)) found.push(seq);
      if (found.length > query.limit) return found;
    }
    const last = positions[positions.length - 1];
    if (positions.length < batch || !last) return found;
    after = last;
  }
}
