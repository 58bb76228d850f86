// Every shape of the model list against a brute-force oracle, on every dialect: a seeded, skewed catalog of a few
// thousand models, queried with every set of filters under every sort and direction (values that meet, that cross,
// that match nothing; readers with and without namespaces), each followed page by page with the store's own cursor
// and read back from it. Whatever plan the store picks (candidate sets read whole, bounded walks, tie-split ranges,
// search in order, the search walk, the smallest-set fallback, SQLite's posting lists read whole or walked, a walk by
// id taking the authors its set gathers in or passing large authors' stretches), its pages must be the oracle's.
// Each query runs under the planner's limits as shipped, and again with them lowered so that this small catalog
// crosses every one.
// LIST_ORACLE_SEED=n draws another catalog and other queries.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../db/postgres/postgres-adapter.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { type OraclePage, oraclePage } from "../test-utils/list-oracle.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { LIST_FILTERS, type ListFilter, randomListQuery, type ValueMode } from "../test-utils/random-list-queries.js";
import { type SeededRandom, seededRandom } from "../test-utils/seeded-random.js";
import {
  COMMON_WORD,
  LARGEST_AUTHOR,
  NEARLY_ALL_TAG,
  PRIVATE_AUTHOR,
  skewedCatalog,
} from "../test-utils/skewed-catalog.js";
import { DRIVING_SET_LIMIT, SEARCH_CANDIDATE_LIMIT } from "./list-models.js";
import { CLUSTER_LIMITS, SET_LIMITS, STRETCH_LIMITS, WALK_BATCHES } from "./list-postings.js";
import { COUNT_LIMITS, WALK_LIMITS } from "./list-walk.js";
import { openStore } from "./open-store.js";
import { SORT_KEY_NAMES, type SortDirection, type SortKey } from "./sort-keys.js";
import type { ListQuery, ModelPage, Store, Visibility } from "./store.js";
import { HIDDEN_KEYS_LIMIT } from "./visibility.js";

const SEED = Number(process.env.LIST_ORACLE_SEED ?? 20_261_127);
const CATALOG = skewedCatalog(SEED, 5_000);
/** Pages followed per query (the first included). */
const PAGES = 3;

// The planner's limits lowered to this catalog's scale: walks stop after a few rows, the smallest set is read only
// when tiny, PostgreSQL's search walk reads a short stretch first, and a walk sorted by id looks for the authors its
// set gathers in, and passes the stretches of large authors it holds few of, as it does at ten million models.
const LOWERED = {
  walk: { fromIndexes: 60, readingRows: 20 },
  count: { fromIndexes: 150, readingRows: 400 },
  sets: {
    readWhole: 200,
    searchedWhole: 150,
    verifiedMost: 60,
  },
  searchWalkRows: 40,
  clusters: { after: 30, setMost: 5_000, sample: 64, least: 4, restMost: 1_000 },
  stretches: { least: 40, most: 1_000 },
  batches: { first: 8, last: 64 },
};

type Limits = "shipped" | "lowered";

async function withLimits<T>(limits: Limits, run: () => Promise<T>): Promise<T> {
  if (limits === "shipped") return run();
  const saved = {
    walk: { ...WALK_LIMITS },
    count: { ...COUNT_LIMITS },
    sets: { ...SET_LIMITS },
    clusters: { ...CLUSTER_LIMITS },
    stretches: { ...STRETCH_LIMITS },
    batches: { ...WALK_BATCHES },
    searchWalkRows: postgresAdapter.searchWalkRows,
    sqliteWalkRows: sqliteAdapter.searchWalkRows,
  };
  Object.assign(WALK_LIMITS, LOWERED.walk);
  Object.assign(COUNT_LIMITS, LOWERED.count);
  Object.assign(SET_LIMITS, LOWERED.sets);
  Object.assign(CLUSTER_LIMITS, LOWERED.clusters);
  Object.assign(STRETCH_LIMITS, LOWERED.stretches);
  Object.assign(WALK_BATCHES, LOWERED.batches);
  // The adapter's field is read only to the store; the test lowers it on the one adapter object, and puts it back.
  Object.assign(postgresAdapter, { searchWalkRows: LOWERED.searchWalkRows });
  Object.assign(sqliteAdapter, { searchWalkRows: LOWERED.searchWalkRows });
  try {
    return await run();
  } finally {
    Object.assign(WALK_LIMITS, saved.walk);
    Object.assign(COUNT_LIMITS, saved.count);
    Object.assign(SET_LIMITS, saved.sets);
    Object.assign(CLUSTER_LIMITS, saved.clusters);
    Object.assign(STRETCH_LIMITS, saved.stretches);
    Object.assign(WALK_BATCHES, saved.batches);
    Object.assign(postgresAdapter, { searchWalkRows: saved.searchWalkRows });
    Object.assign(sqliteAdapter, { searchWalkRows: saved.sqliteWalkRows });
  }
}

/** A page that differs from the oracle's: the query that read it, and both pages. */
interface Mismatch {
  query: ListQuery;
  got: OraclePage;
  want: OraclePage;
}

const asOracle = (page: ModelPage): OraclePage => ({
  ids: page.items.map((m) => m.id),
  next: page.next,
  first: page.first,
});

// `query` and the pages after it (by the store's `next`), the second one also read the other way from its `first`:
// the first page that differs from the oracle's, or null.
async function firstMismatch(store: Store, query: ListQuery): Promise<Mismatch | null> {
  let q = query;
  for (let n = 0; n < PAGES; n++) {
    const got = asOracle(await store.listModels(q));
    const want = oraclePage(CATALOG.models, q);
    if (JSON.stringify(got) !== JSON.stringify(want)) return { query: q, got, want };
    if (n === 1 && got.first) {
      // The other way from the page's first row: the pages before it (or, read backwards, after it).
      const { backwards, ...forwards } = q;
      const back: ListQuery = backwards
        ? { ...forwards, after: got.first }
        : { ...q, after: got.first, backwards: true };
      const gotBack = asOracle(await store.listModels(back));
      const wantBack = oraclePage(CATALOG.models, back);
      if (JSON.stringify(gotBack) !== JSON.stringify(wantBack)) return { query: back, got: gotBack, want: wantBack };
    }
    if (!got.next) return null;
    q = { ...q, after: got.next };
  }
  return null;
}

// Every set of filters (the empty one included).
const FILTER_SETS: ListFilter[][] = Array.from({ length: 2 ** LIST_FILTERS.length }, (_, bits) =>
  LIST_FILTERS.filter((_, i) => bits & (1 << i)),
);
const MODES: ValueMode[] = ["together", "together", "crossed", "nothing"];

// A search alone has plans of its own (the search index in order, the search walk and its steps): drawn more often.
const SEARCH_ALONE_QUERIES = 3;

// The queries of one sort and direction: every set of filters, the values' relation drawn at random.
function queriesOf(sort: SortKey, direction: SortDirection, limits: Limits): ListQuery[] {
  const random = seededRandom(
    SEED + 1_000 * SORT_KEY_NAMES.indexOf(sort) + 100 * direction + (limits === "lowered" ? 1 : 0),
  );
  return FILTER_SETS.flatMap((filters) => {
    const n = filters.length === 1 && filters[0] === "search" ? SEARCH_ALONE_QUERIES : 1;
    return Array.from({ length: n }, () =>
      randomListQuery(
        random,
        CATALOG,
        filters,
        sort,
        direction,
        filters.length === 0 ? "together" : random.pick(MODES),
      ),
    );
  }).concat(commonValueQueries(random, sort, direction));
}

// The catalog's most common values, alone and crossed, read by readers of each kind: a search more ids hold than a
// search page reads whole, none near the top of the downloads order (the search walk then reads the whole index);
// crossings larger than a set read whole, whose pages walk an index testing each key against the exact set (posting
// lists), or read the set whole for the largest pages.
function commonValueQueries(random: SeededRandom, sort: SortKey, direction: SortDirection): ListQuery[] {
  const query = (values: Partial<ListQuery>, visibility?: Visibility): ListQuery => ({
    tags: [],
    sort,
    direction,
    limit: random.pick([1, 30, 30, 1_000]),
    ...values,
    ...(visibility ? { visibility } : {}),
  });
  const search = { search: COMMON_WORD.toUpperCase() };
  // Readers who may see all but a few private models: more hidden, and the exact set is not asked.
  const crossings = [
    { tags: [NEARLY_ALL_TAG] },
    { tags: [NEARLY_ALL_TAG, "en"] },
    { tags: ["safetensors", NEARLY_ALL_TAG] },
    { author: LARGEST_AUTHOR, tags: [NEARLY_ALL_TAG] },
  ];
  return [
    ...[undefined, { all: true } as const, { namespaces: [PRIVATE_AUTHOR] }].map((reader) => query(search, reader)),
    ...crossings.map((values) =>
      query(values, random.pick([{ all: true } as const, { namespaces: [PRIVATE_AUTHOR] }])),
    ),
  ];
}

describe("the skewed catalog crosses the planner's limits", () => {
  const models = CATALOG.models;
  const count = (test: (m: (typeof models)[number]) => boolean) => models.filter(test).length;

  it("holds tags both above and below the largest set read whole", () => {
    const withTag = (tag: string) => count((m) => m.model.tags.includes(tag));
    expect(withTag(CATALOG.tags[0] as string)).toBeGreaterThan(DRIVING_SET_LIMIT);
    expect(withTag(CATALOG.tags.at(-1) as string)).toBeLessThan(DRIVING_SET_LIMIT);
    expect(count((m) => m.model.author === CATALOG.authors[0])).toBeGreaterThan(WALK_LIMITS.readingRows);
    const largest = count((m) => m.model.author === LARGEST_AUTHOR && m.model.tags.includes(NEARLY_ALL_TAG));
    expect(largest).toBeGreaterThan(DRIVING_SET_LIMIT);
  });

  it("hides more private models from most readers than a list excludes by key, and fewer from the private author", () => {
    expect(count((m) => m.private)).toBeGreaterThan(HIDDEN_KEYS_LIMIT);
    expect(count((m) => m.private && m.model.author !== PRIVATE_AUTHOR)).toBeLessThan(HIDDEN_KEYS_LIMIT);
  });

  it("has a word more public ids hold than a search page reads whole, none of the most downloaded", () => {
    const holds = (m: (typeof models)[number]) => m.model.id.toLowerCase().includes(COMMON_WORD);
    expect(count((m) => !m.private && holds(m))).toBeGreaterThan(SEARCH_CANDIDATE_LIMIT);
    const top = [...models].sort((a, b) => b.model.downloads - a.model.downloads).slice(0, LOWERED.searchWalkRows);
    expect(top.filter(holds)).toEqual([]);
  });

  it("has mostly unliked models and many ties in downloads", () => {
    expect(count((m) => m.model.likes === 0)).toBeGreaterThan(models.length / 2);
    expect(new Set(models.map((m) => m.model.downloads)).size).toBeLessThan(models.length / 4);
  });
});

/** How to open a fresh store of one dialect, and drop it afterwards. */
type OpenFresh = () => Promise<{ store: Store; drop: () => Promise<void> }>;

function describeOracle(name: string, open: OpenFresh): void {
  describe(`model list against the oracle: ${name}`, () => {
    let store: Store;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ store, drop } = await open());
      const { stored, changed, deleted, unhidden } = CATALOG;
      for (let i = 0; i < stored.length; i += 1_000) await store.upsertModels(stored.slice(i, i + 1_000));
      // Visibility is a setting, not part of a record (an upsert leaves it alone, as the changes below do).
      // The writes of one step are independent: sent at once, so PostgreSQL's pool runs them side by side.
      const each = async <T>(items: readonly T[], write: (item: T) => Promise<boolean>) =>
        expect(await Promise.all(items.map(write))).toEqual(items.map(() => true));
      const hidden = CATALOG.models.filter((m) => m.private).map((m) => m.model.id);
      await each([...hidden, ...unhidden], (id) => store.setPrivate(id, true));
      // Changed records move their tags' rows and search keys: half in one upsert, half replaced one by one.
      await store.upsertModels(changed.filter((_, i) => i % 2 === 0));
      await each(
        changed.filter((_, i) => i % 2 === 1),
        (model) => store.replaceModel(model),
      );
      await each(deleted, (id) => store.deleteModel(id));
      await each(unhidden, (id) => store.setPrivate(id, false));
    }, 120_000);

    afterAll(async () => {
      await store?.close();
      await drop?.();
    });

    it("stores the catalog in order: the sequence keys, which break ties, are the oracle's", async () => {
      // Most models have no likes: their order is the sequence keys'.
      const query: ListQuery = {
        tags: [],
        sort: "likes",
        direction: 1,
        limit: CATALOG.models.length,
        visibility: { all: true },
      };
      expect(asOracle(await store.listModels(query))).toEqual(oraclePage(CATALOG.models, query));
    });

    for (const limits of ["shipped", "lowered"] as const) {
      for (const sort of SORT_KEY_NAMES) {
        for (const direction of [-1, 1] as const) {
          it(`${limits} limits, by ${sort} ${direction === 1 ? "ascending" : "descending"}`, async () => {
            const mismatches: Mismatch[] = [];
            await withLimits(limits, async () => {
              for (const query of queriesOf(sort, direction, limits)) {
                const mismatch = await firstMismatch(store, query);
                if (mismatch) mismatches.push(mismatch);
              }
            });
            // Each as one line: the query (with the position it started from) and both pages.
            const shown = mismatches.slice(0, 3).map((m) => JSON.stringify(m));
            expect(shown, `${mismatches.length} queries differ from the oracle`).toEqual([]);
          }, 60_000);
        }
      }
    }
  });
}

describeOracle("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-oracle-"));
  const store = await openStore({ dbPath: join(dir, "hub.db") });
  return { store, drop: async () => rmSync(dir, { recursive: true, force: true }) };
});

const url = await testDatabaseUrl();
if (url) {
  describeOracle("PostgreSQL", async () => {
    const pgSchema = freshSchemaName();
    return { store: await openStore({ databaseUrl: url, pgSchema }), drop: () => dropSchema(url, pgSchema) };
  });
} else {
  describe("model list against the oracle: PostgreSQL", () => {
    it.skip(POSTGRES_SKIP_NOTE, () => {});
    console.warn(POSTGRES_SKIP_NOTE);
  });
}
