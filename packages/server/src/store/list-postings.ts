// Lists that cross filters, read from the exact set of models they match (DialectAdapter.matchingModels: the posting
// lists of an author, a library, a task and tags, intersected in memory). No index of the database holds such a
// crossing in the page's order, and walking one filter's index while testing the others reads every row of its set
// when they rarely meet. Knowing the set, a page reads it whole when it is small, and otherwise walks the sort's index
// testing each key against the set in memory: about (page size × walked rows ÷ set size) index entries, no row read.
// A search is a set too (DialectAdapter.searchingModels: the ids holding each of its trigrams), crossed with the
// filters' in memory; its keys are a superset, so those a walk finds are tested for the term before they count.
// Where the walked index holds some filters (a library's by the sort), the others' set alone (a tag's) is tried along
// it first: a tag common among the library's models fills a page in a few hundred entries, without crossing the
// library's dense list (heldWalkPage).
import type { Kysely } from "kysely";
import type { DialectAdapter, FilterValue, ModelSet } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { namespaceOf } from "../validation/model-id.js";
import { authorIdBounds, withinAuthorIds } from "./author-ids.js";
import { equalitiesOf } from "./list-conditions.js";
import { positionRanges, type Walked } from "./list-walk.js";
import type { ListPosition, ListQuery } from "./store.js";
import { HIDDEN_KEYS_LIMIT, hiddenKeys } from "./visibility.js";

/**
 * Index entries a batch of a walk reads: at least the first, at most the last (each next batch reads four times more).
 * Tests at small scale lower them.
 */
export const WALK_BATCHES = { first: 256, last: 16_384 };

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
   * models), when the term has no set (too short for trigrams, or a search of cards): the filters' set.
   */
  searchedWhole: 10_000,
  /**
   * Most keys a walk tests for a search term (a row read each, 2,000 in 15-20 ms at ten million models): past them the
   * term is rare among the filters' models, and it is found another way (searchedPostings' `onIdIndex`).
   */
  verifiedMost: 4_000,
  /**
   * Most index entries a walk holding some of the filters reads, testing the others on their set alone, before they
   * are crossed with its own (about a millisecond at ten million models).
   */
  heldWalk: 4_096,
};

/**
 * What reading a row by key costs in walked index entries. At ten million models the rows a set names are scattered
 * over gigabytes: a row in the page cache costs 10-20 µs, one on disk about 250 µs (a random read), and a database of
 * that size is mostly on disk (the machine pages out what no one read for a minute). A walk reads index pages in order,
 * 50-100 entries a page: about a microsecond an entry, position and test in memory included, a few more cold. At 8
 * (the warm ratio) a set of 6,000 was read whole where a walk of some 50,000 entries finds the page: 2.5 s cold. On
 * 300 cold requests of the search and tag crossings 32 halved the total time (33.9 to 15.7 s, p95 573 to 141 ms),
 * 64 and 128 did no better, and warm it cost nothing (14.7 to 13.5 s for 900 requests).
 */
const ROW_READ_COST = 32;

/** Sets this small are read whole, whatever the walk would cost. */
const READ_ALWAYS = 256;

/** Most keys of a walk verified in one statement (a key list, each a row read). */
const VERIFY_BATCH_MOST = 2_000;

/**
 * Sorted by id, a set's members often stand together: a term or tag one author's names share (a search for "dermac"
 * holds every model of mradermacher), whose ids are one stretch of the order (author-ids.ts). A walk from the other end
 * passes millions of entries before its first member (7.2 million, 4.4 s, at ten million models), so a walk sorted by
 * id that passes `after` entries short of a page looks for such authors (clusteredIdPage). Tests at small scale
 * lower them.
 */
export const CLUSTER_LIMITS = {
  /** Index entries a walk sorted by id passes short of a page before it looks. */
  after: 65_536,
  /** Largest set looked into (its keys are listed to sample them). */
  setMost: 1_000_000,
  /** Members whose authors are read. */
  sample: 64,
  /** Fewest of the sampled members an author must hold to be walked apart (an eighth). */
  least: 8,
  /** Most members outside those authors, read whole. */
  restMost: 2_000,
};

/**
 * Sorted by id, each author's models stand as one stretch of the order, and the largest hold tens of thousands: at ten
 * million models the first 230,000 ids in ascending order are a few publishers' quantized copies (RichardErkhov,
 * bartowski, TheBloke, …), where the sets of most terms and tags have few members or none. A walk passed them all for
 * the page of a term whose set held 940,000 models (238,028 entries, 200 ms). So after each batch a walk asks what
 * the set holds of the author it stands in (its posting list, crossed): when the author has at least `least` models
 * and the set at most `most` of them, those past the walk are taken as they are and the walk goes on after the
 * stretch (pastStretch), asking the same of the next author. Tests at small scale lower them.
 */
export const STRETCH_LIMITS = {
  /** Fewest models of an author for a walk to pass its stretch (a smaller one costs about as little to walk through). */
  least: 4_096,
  /** Most members of the set in an author's stretch for the walk to take them and pass it. */
  most: 256,
};

/** The filter values of `query` a dialect may keep posting lists of. */
export function filterValues(query: ListQuery): FilterValue[] {
  return [...equalitiesOf(query), ...query.tags.map((tag): FilterValue => ["tag", tag])];
}

// Whether two filter values are the same filter and value.
const sameValue = ([f, v]: FilterValue, [g, w]: FilterValue) => f === g && v === w;

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
    const read = await adapter.walkedKeys(db, q.limit(count - seqs.length), dir === "desc");
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
  return Math.min(...values.map((value) => matching.sizeOf(all.findIndex((other) => sameValue(other, value)))));
}

// The models matching the equality and tag filters of `query` that the reader may see; null where the dialect keeps
// no posting lists, no such filter is set, or too many models are hidden to take out.
async function visibleMatching(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
): Promise<ModelSet | null> {
  const values = filterValues(query);
  return visibleOf(db, query, values.length > 0 ? await adapter.matchingModels(db, values) : null);
}

// `set` without the models the reader of `query` may not see; null without a set, or when too many are hidden.
async function visibleOf(db: Kysely<HubDatabase>, query: ListQuery, set: ModelSet | null): Promise<ModelSet | null> {
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

/** The walk of a page read from a set: the sort's index, or an index of some of the filters with it. */
export interface SetWalk {
  walked: Walked;
  /** Whether the walk's positions are split at ties (list-walk.ts positionRanges). */
  split: boolean;
  /** The filter values the walked index holds. */
  filters: readonly FilterValue[];
}

/**
 * Where a search whose trigrams many more ids hold than the term is found among the filters' models: those holding
 * the term, found on an index of theirs that holds the id; null: none, or too many.
 */
export type OnIdIndex = () => Promise<number[] | null>;

/**
 * The keys a page of `query` (a search and filters) is read from. Searching ids: the filters' set crossed with the
 * term's (DialectAdapter.searchingModels: a superset, the models holding each of its trigrams), read as any crossing
 * is (setPage), each model a walk finds tested for the term; when the walk tested SET_LIMITS.verifiedMost models
 * without filling the page (a term whose trigrams many more ids hold than the term), those `onIdIndex` finds.
 * A term too short for trigrams, or a search of cards: the filters' models when they are few
 * (SET_LIMITS.searchedWhole), each tested by the page. Null where the dialect keeps no sets, the reader may not see
 * too many models, or all of these give up: the page is then planned as any other.
 */
export async function searchedPostings(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  walk: SetWalk,
  searchesIds: boolean,
  onIdIndex: OnIdIndex,
): Promise<number[] | null> {
  if (filterValues(query).length === 0) return null;
  return releasingSets(async (keep) => {
    const matching = keep(await visibleMatching(db, adapter, query));
    if (!matching) return null;
    if (matching.size <= READ_ALWAYS) return matching.keys();
    const searched = keep(searchesIds ? await adapter.searchingModels(db, query.search, matching) : null);
    if (!searched) return matching.size <= SET_LIMITS.searchedWhole ? matching.keys() : null;
    const size = await walkedSize(db, matching, walk.filters, query);
    const verify = holding(db, adapter, query.search);
    return (await setPage(db, adapter, query, searched, walk, size, verify)) ?? onIdIndex();
  });
}

/**
 * The keys a page of `query` (a search of ids, no filter) is read from: the term's set (a superset) read as a crossing
 * is, along the sort's index (setPage), each model the walk finds tested for the term. Null where the dialect keeps no
 * sets, the term is too short for trigrams, the reader may not see too many models, or the walk tested
 * SET_LIMITS.verifiedMost models without filling the page.
 */
export async function searchedAlone(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery & { search: string },
  walk: SetWalk,
): Promise<number[] | null> {
  return releasingSets(async (keep) => {
    const set = keep(await visibleOf(db, query, await adapter.searchingModels(db, query.search)));
    if (!set) return null;
    return setPage(db, adapter, query, set, walk, await highestKey(db), holding(db, adapter, query.search));
  });
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
  const all = filterValues(query);
  const held = all.filter((value) => walk.filters.some((f) => sameValue(f, value)));
  const others = all.filter((value) => !held.includes(value));
  return releasingSets(async (keep) => {
    // An author's list is small: the crossing starts from it and reads only the chunks of the others it meets.
    if (held.length === 0 || others.length === 0 || all.some(([filter]) => filter === "author")) {
      const set = keep(await visibleMatching(db, adapter, query));
      if (!set) return null;
      if (set.size <= READ_ALWAYS) return set.keys();
      return setPage(db, adapter, query, set, walk, await walkedSize(db, set, walk.filters, query), null);
    }
    const set = keep(await visibleOf(db, query, await adapter.matchingModels(db, others)));
    if (!set) return null;
    const page = await heldWalkPage(db, adapter, query, walk, set);
    if (page) return page;
    // The filters the walk holds, crossed starting from the others' set already read.
    const crossing = keep(await adapter.matchingModels(db, held, set));
    if (!crossing) return null;
    if (crossing.size <= READ_ALWAYS) return crossing.keys();
    return setPage(db, adapter, query, crossing, walk, Math.min(...held.map((_, i) => crossing.sizeOf(i))), null);
  });
}

/**
 * Runs `read` with `keep`, which notes each set handed to it and answers it; every set noted is released after, so its
 * bitsets serve the next crossing.
 */
async function releasingSets<T>(read: (keep: <S extends ModelSet | null>(set: S) => S) => Promise<T>): Promise<T> {
  const kept: ModelSet[] = [];
  try {
    return await read((set) => {
      if (set) kept.push(set);
      return set;
    });
  } finally {
    for (const set of kept) set.release();
  }
}

/**
 * The first `query.limit + 1` keys after `query.after` of a walk holding some filters of `query` (a library's index by
 * the sort), tested against `set`, the others' (a tag's list): crossing a library and a task with a
 * tag, three dense lists at ten million models, took 8-10 ms of a page in memory, where a walk reaches a page of a tag
 * common among their models in a few hundred entries. Null when the set is too rare among all models for a page to lie
 * within SET_LIMITS.heldWalk entries, or the walk passed them short of a page (the filters rarely meet there).
 */
async function heldWalkPage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  walk: SetWalk,
  set: ModelSet,
): Promise<number[] | null> {
  if ((query.limit + 1) * (await highestKey(db)) > SET_LIMITS.heldWalk * Math.max(1, set.size)) return null;
  const found: number[] = [];
  let after = query.after ?? null;
  let read = 0;
  for (let batch = Math.max(WALK_BATCHES.first, 4 * (query.limit + 1)); read < SET_LIMITS.heldWalk; batch *= 4) {
    const count = Math.min(batch, SET_LIMITS.heldWalk - read);
    const { seqs, last } = await walkPositions(db, adapter, walk.walked, query, after, count, walk.split);
    read += seqs.length;
    for (const seq of seqs) {
      if (set.has(seq)) found.push(seq);
      if (found.length > query.limit) return found;
    }
    // The walk's end: every model of the held filters was tested.
    if (seqs.length < count || !last) return found;
    after = last;
  }
  return null;
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
  verify: Verify | null,
  looksForClusters = true,
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
  // Members of skipped stretches, each past the walk where it was taken and holding the term: they count with `found`.
  const taken: number[] = [];
  let after = query.after ?? null;
  let walked = 0;
  const byAuthors = looksForClusters && query.sort === "id" && query.author === undefined;
  let looks = byAuthors && set.size <= CLUSTER_LIMITS.setMost;
  let asked: string | null = null;
  const first = Math.max(WALK_BATCHES.first, Math.min(Math.ceil(expected * 1.25), WALK_BATCHES.last));
  for (let batch = first; ; batch = Math.min(batch * 4, WALK_BATCHES.last)) {
    const { seqs, last } = await walkPositions(db, adapter, walk.walked, query, after, batch, walk.split);
    for (const seq of seqs) {
      if (!set.has(seq)) continue;
      pending.push(seq);
      if (due()) await settle();
      if (found.length + taken.length > query.limit) return [...taken, ...found.slice(0, query.limit + 1)];
      if (verify && tested > SET_LIMITS.verifiedMost) return null;
    }
    if (seqs.length < batch || !last) {
      await settle();
      return [...taken, ...found];
    }
    after = last;
    walked += seqs.length;
    // The author the walk stands in, and after a stretch passed the one next along it.
    let author = byAuthors ? authorOf(last.value) : null;
    while (author !== null && author !== asked) {
      asked = author;
      const members = await stretchMembers(db, adapter, query, set, author, after);
      if (!members) break;
      tested += members.length;
      taken.push(...(verify ? await verify(members) : members));
      after = pastStretch(author, query.direction);
      // Everything walked or taken so far comes before the rest of the walk: the page tests and sorts them.
      if (found.length + taken.length > query.limit) return [...taken, ...found, ...pending];
      const next = await walkPositions(db, adapter, walk.walked, query, after, 1, walk.split);
      author = next.last ? authorOf(next.last.value) : null;
    }
    if (looks && walked >= CLUSTER_LIMITS.after) {
      looks = false;
      // The keys found so far, those awaiting their test, and the rest of the page's candidates: the page tests each.
      const rest = await clusteredIdPage(db, adapter, { ...query, after }, set, walk, verify);
      if (rest) return [...taken, ...found, ...pending, ...rest];
    }
  }
}

// The author of a position's model (sorted by id, its value is the id).
const authorOf = (value: ListPosition["value"]): string => namespaceOf(String(value));

// The position just past `author`'s stretch of the id order in `direction`.
const pastStretch = (author: string, direction: ListQuery["direction"]): ListPosition => {
  const { before, after } = authorIdBounds(author);
  return { value: direction === -1 ? before : after, seq: 0 };
};

/**
 * The members of `set` in `author`'s stretch past `at` (the walk's position), when the author has at least
 * STRETCH_LIMITS.least models and the set holds at most STRETCH_LIMITS.most of them; null otherwise (the walk goes
 * through the stretch), or when the dialect keeps no list of the author.
 */
async function stretchMembers(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  set: ModelSet,
  author: string,
  at: ListPosition,
): Promise<number[] | null> {
  const members = await adapter.matchingModels(db, [["author", author]]);
  if (!members) return null;
  try {
    if (members.size < STRETCH_LIMITS.least) return null;
    members.retain(set);
    if (members.size > STRETCH_LIMITS.most) return null;
    const keys = members.keys();
    if (keys.length === 0) return [];
    const rows = await db
      .selectFrom("models")
      .select("models.pk")
      .where("models.pk", "in", keys)
      .where("models.id", query.direction === -1 ? "<" : ">", String(at.value))
      .execute();
    return rows.map((r) => r.pk);
  } finally {
    members.release();
  }
}

/** Keeps the keys of a list whose model holds the page's search term, in their order. */
type Verify = (pks: number[]) => Promise<number[]>;

/**
 * The keys a page sorted by id reads after `query.after` when `set` gathers in a few authors (CLUSTER_LIMITS): each such
 * author's members along its own stretch of the walk, and every other member whole (the page sorts them). Null when the
 * sampled members name no such author, or leave too many others; `set` is then as it was.
 */
async function clusteredIdPage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  set: ModelSet,
  walk: SetWalk,
  verify: Verify | null,
): Promise<number[] | null> {
  const keys = set.keys();
  const step = Math.max(1, Math.floor(keys.length / CLUSTER_LIMITS.sample));
  const sampled: number[] = [];
  for (let i = 0; i < keys.length && sampled.length < CLUSTER_LIMITS.sample; i += step) sampled.push(keys[i] as number);
  const rows = await db.selectFrom("models").select("models.author").where("models.pk", "in", sampled).execute();
  const counts = new Map<string, number>();
  for (const { author } of rows) counts.set(author, (counts.get(author) ?? 0) + 1);
  const authors = [...counts].filter(([, n]) => n >= CLUSTER_LIMITS.least).map(([author]) => author);
  const stretches: { author: string; members: ModelSet; models: number }[] = [];
  try {
    let gathered = 0;
    for (const author of authors) {
      const members = await adapter.matchingModels(db, [["author", author]]);
      if (!members) return null;
      const models = members.size;
      members.retain(set);
      stretches.push({ author, members, models });
      gathered += members.size;
    }
    if (stretches.length === 0 || set.size - gathered > CLUSTER_LIMITS.restMost) return null;
    const found: number[] = [];
    for (const { author, members, models } of stretches) {
      const stretch = { ...walk, walked: { ...walk.walked, rows: withinAuthorIds(walk.walked.rows, author) } };
      const page = await setPage(db, adapter, query, members, stretch, models, verify, false);
      if (page === null) return null;
      found.push(...page);
    }
    for (const { members } of stretches) for (const pk of members.keys()) set.delete(pk);
    found.push(...set.keys());
    return found;
  } finally {
    for (const { members } of stretches) members.release();
  }
}
