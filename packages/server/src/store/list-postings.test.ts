// Pages whose filters cross, read from their exact set (list-postings.ts) on SQLite: a small intersection by key,
// a large one by a walk of the sort's index that reads no row; both agree with a page read without posting lists,
// through every page and for readers who may or may not see a private model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { createKyselyStore } from "./kysely-store.js";
import { DRIVING_SET_LIMIT, listModels } from "./list-models.js";
import { SET_LIMITS } from "./list-postings.js";
import type { ListQuery } from "./store.js";

// The SQLite adapter as if it kept no posting lists: the walks and candidate sets of list-walk.ts.
const walking = { ...sqliteAdapter, matchingModels: async () => null, searchingModels: async () => null };

// "wide" (more models than a small set) meets the tag "odd" in five models only, and the tag "plain" in all of them.
const MODELS = [
  ...numberedModels("wide", DRIVING_SET_LIMIT + 300, { library_name: "wide", tags: ["plain"] }),
  ...numberedModels("odd", DRIVING_SET_LIMIT + 200, { library_name: "other", tags: ["odd", "plain"] }),
  ...numberedModels("both", 5, { library_name: "wide", tags: ["odd", "plain"] }),
];

describe("SQLite lists crossing filters read from posting lists", () => {
  let hub: PlannedSqlite;

  beforeAll(async () => {
    hub = await plannedSqlite(MODELS);
    await createKyselyStore(hub.db, sqliteAdapter).setPrivate("both/model-0002", true);
  });

  afterAll(async () => {
    await hub.db.destroy();
  });

  // Every id of `query`, page after page, and the statements the first page ran.
  async function allPages(query: ListQuery, adapter = sqliteAdapter): Promise<{ ids: string[]; first: string[] }> {
    const ids: string[] = [];
    let first: string[] = [];
    let after = query.after;
    for (;;) {
      hub.statements.length = 0;
      const page = await listModels(hub.db, adapter, { ...query, ...(after ? { after } : {}) });
      if (ids.length === 0) first = hub.statements.map((s) => s.sql);
      ids.push(...page.items.map((m) => m.id));
      if (!page.next) return { ids, first };
      after = page.next;
    }
  }

  it("a small intersection is read by key: no walk of either filter's index", async () => {
    const query: ListQuery = { library: "wide", tags: ["odd"], sort: "createdAt", direction: 1, limit: 20 };
    const { ids, first } = await allPages(query);
    expect(ids).toEqual(["both/model-0000", "both/model-0001", "both/model-0003", "both/model-0004"]);
    expect(first.filter((s) => s.includes(`from "list_postings"`))).toHaveLength(2);
    const plans = hub.statements.filter((s) => s.sql.includes('"models"."tags"')).map(hub.plan);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/SEARCH models USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plans[0]).not.toMatch(/models_by_library/);
  });

  it("a large intersection walks the library's index reading keys only, and agrees page by page", async () => {
    for (const sort of ["likes", "id", "downloads"] as const) {
      for (const direction of [1, -1] as const) {
        const query: ListQuery = { library: "wide", tags: ["plain"], sort, direction, limit: 250 };
        const read = await allPages(query);
        expect(read.ids).toHaveLength(DRIVING_SET_LIMIT + 300 + 4);
        expect(read.ids).toEqual((await allPages(query, walking)).ids);
        // The last page's walk: positions read from the library's index alone.
        const walks = hub.statements.filter((s) => s.sql.includes('as "seq"')).map(hub.plan);
        expect(walks.length).toBeGreaterThan(0);
        for (const plan of walks) expect(plan).toMatch(/^SEARCH models USING COVERING INDEX models_by_library_\w+ /);
      }
    }
  });

  it("a search crossed with filters that few models hold tests the search on those models alone", async () => {
    const query: ListQuery = { search: "DEL-000", library: "wide", tags: ["odd"], sort: "id", direction: 1, limit: 2 };
    const { ids, first } = await allPages(query);
    expect(ids).toEqual(["both/model-0000", "both/model-0001", "both/model-0003", "both/model-0004"]);
    expect(ids).toEqual((await allPages(query, walking)).ids);
    expect(first.filter((s) => s.includes("models_fts"))).toEqual([]);
  });

  // Runs `read` with SET_LIMITS lowered to this catalog's scale.
  async function withSetLimits<T>(limits: Partial<typeof SET_LIMITS>, read: () => Promise<T>): Promise<T> {
    const saved = { ...SET_LIMITS };
    Object.assign(SET_LIMITS, limits);
    try {
      return await read();
    } finally {
      Object.assign(SET_LIMITS, saved);
    }
  }

  it("a search crossed with filters that many models hold crosses the search index's set with theirs", async () => {
    for (const sort of ["likes", "id", "downloads"] as const) {
      const query: ListQuery = { search: "MODEL-001", library: "wide", tags: ["plain"], sort, direction: 1, limit: 4 };
      const { ids, first } = await withSetLimits({ searchedWhole: 100 }, () => allPages(query));
      expect(ids).toHaveLength(10);
      expect(ids).toEqual((await allPages(query, walking)).ids);
      expect(first.filter((s) => s.includes("models_fts"))).toHaveLength(1);
    }
  });

  it("a search crossed with many models, sorted by downloads, reads the search index in order", async () => {
    for (const direction of [1, -1] as const) {
      const query: ListQuery = {
        search: "l-00",
        library: "wide",
        tags: ["plain"],
        sort: "downloads",
        direction,
        limit: 7,
      };
      const { ids, first } = await withSetLimits({ searchedWhole: 100, inOrderBatch: 8 }, () => allPages(query));
      // model-0000 to model-0099 of "wide", and of "both" the four a reader sees.
      expect(ids).toHaveLength(104);
      expect(ids).toEqual((await allPages(query, walking)).ids);
      const reads = first.filter((s) => s.includes("models_fts"));
      expect(reads.length).toBeGreaterThan(1);
      for (const read of reads) expect(read).toMatch(/order by "f"\."rowid" (asc|desc) limit \?\)\) AS w$/);
    }
  });

  it("a term too common for a set takes the search walk's models in order, testing each against the filters' set", async () => {
    // "l-000" is in ten ids of each prefix (one of "both" is private): more than the lowered set allows. A tag has no
    // index holding ids: the search walk finds the term's models.
    const query: ListQuery = {
      search: "l-000",
      tags: ["plain"],
      sort: "likes",
      direction: -1,
      limit: 50,
    };
    const limits = { searchedWhole: 100, searchSet: 20, readWhole: 100 };
    const { ids } = await withSetLimits(limits, () => allPages(query));
    expect(ids).toHaveLength(10 + 10 + 4);
    // One page: its statements are the last recorded. The walk tests ids on the sort's covering index alone.
    const walks = hub.statements.filter((s) => s.sql.includes("instr(lower(models.id)") && !s.sql.includes("tags"));
    expect(walks.map(hub.plan)).toEqual([
      expect.stringMatching(/SCAN models USING COVERING INDEX models_search_by_likes/),
    ]);
    expect(ids).toEqual((await allPages(query, walking)).ids);
  });

  it("a term the filters rarely meet is found on the filters' id index when the walks give up", async () => {
    const query: ListQuery = {
      search: "wide/model-0",
      library: "other",
      tags: [],
      sort: "likes",
      direction: 1,
      limit: 5,
    };
    const limits = { searchedWhole: 100, searchSet: 20, walkedMatches: 100 };
    const { ids } = await withSetLimits(limits, () => allPages(query));
    expect(ids).toEqual([]);
    const scan = hub.statements.find((s) => s.sql.includes("instr(lower(models.id)") && s.sql.includes("library_name"));
    expect(scan && hub.plan(scan)).toMatch(/SEARCH models USING COVERING INDEX models_by_library_id/);
    const both: ListQuery = { ...query, search: "both/model-000", library: "wide" };
    expect((await withSetLimits(limits, () => allPages(both))).ids).toEqual((await allPages(both, walking)).ids);
  });

  it("a term the walks missed is crossed as the search index's whole set while that costs less than what is left", async () => {
    // "odd" models are the smallest filter's set: reading the term's few thousand keys at most costs less than
    // testing the term on each of its rows. The id-index scan (library and task only) has nothing to scan here.
    const limits = { searchedWhole: 100, searchSet: 2, walkedMatches: 1 };
    const wholeReads = (statements: { sql: string; parameters: readonly unknown[] }[]) =>
      statements
        .filter((s) => s.sql.includes("models_fts") && !s.sql.includes("order by"))
        .map((s) => s.parameters.at(-1));
    for (const [search, want] of [
      ["both/model-000", ["both/model-0000", "both/model-0001", "both/model-0003", "both/model-0004"]],
      ["wide/model-00", []],
    ] as const) {
      const query: ListQuery = { search, tags: ["odd"], sort: "likes", direction: 1, limit: 10 };
      hub.statements.length = 0;
      const page = await withSetLimits(limits, () => listModels(hub.db, sqliteAdapter, query));
      const ids = page.items.map((m) => m.id);
      expect([...ids].sort()).toEqual(want);
      // The set of at most 3 keys, then the whole set (up to the cost of the rows left).
      const reads = wholeReads(hub.statements);
      expect(reads).toHaveLength(2);
      expect(reads[0]).toBe(3);
      expect(Number(reads[1])).toBeGreaterThan(1_000);
      // No walk of the tag's models testing the term on each row (what the page was planned as before).
      const walks = hub.statements.filter((s) => s.sql.includes('from "model_tags" as "t"'));
      expect(walks.filter((s) => s.sql.includes("instr(lower(models.id)"))).toEqual([]);
      expect((await allPages(query, walking)).ids).toEqual(ids);
    }
  });

  it("a term the search walk finds in many models is not read whole where testing it on the id index costs less", async () => {
    // Half the ids hold "model-0": the walk's first 100 entries say the set is larger than what reading it would
    // save against the library's id index (1,805 entries).
    const query: ListQuery = {
      search: "model-0",
      library: "wide",
      tags: ["odd"],
      sort: "likes",
      direction: 1,
      limit: 10,
    };
    const limits = { searchedWhole: 2, searchSet: 2, walkedEntries: 100, walkedMatches: 100 };
    hub.statements.length = 0;
    const page = await withSetLimits(limits, () => listModels(hub.db, sqliteAdapter, query));
    const setReads = hub.statements.filter((s) => s.sql.includes("models_fts") && !s.sql.includes("order by"));
    expect(setReads.map((s) => s.parameters.at(-1))).toEqual([3]);
    const scan = hub.statements.find((s) => s.sql.includes("instr(lower(models.id)") && s.sql.includes("library_name"));
    expect(scan && hub.plan(scan)).toMatch(/SEARCH models USING COVERING INDEX models_by_library_id/);
    expect(page.items.map((m) => m.id)).toEqual((await allPages(query, walking)).ids);
  });

  it("shows a private model to a reader of its namespace only", async () => {
    const query: ListQuery = { library: "wide", tags: ["odd"], sort: "likes", direction: -1, limit: 3 };
    expect((await allPages(query)).ids).not.toContain("both/model-0002");
    const owner = { ...query, visibility: { namespaces: ["both"] } };
    const { ids } = await allPages(owner);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual((await allPages(owner, walking)).ids);
  });
});

describe("SQLite walks of a crossing that take several batches", () => {
  // 1,200 models of one library; the tag "t" on every second of the first 200 and on each of the last 200, so the
  // first batch of a walk by id finds too few for the page and the next starts where it stopped.
  const models = numberedModels("m", 1_200, { library_name: "lib" }).map((m, i) => ({
    ...m,
    tags: (i < 200 && i % 2 === 0) || i >= 1_000 ? ["t"] : [],
  }));
  let hub: PlannedSqlite;

  beforeAll(async () => {
    hub = await plannedSqlite(models);
  });
  afterAll(async () => {
    await hub.db.destroy();
  });

  it("reads each member once, in order, for every sort and direction", async () => {
    for (const sort of ["id", "likes", "createdAt"] as const) {
      for (const direction of [1, -1] as const) {
        const query: ListQuery = { library: "lib", tags: ["t"], sort, direction, limit: 120 };
        hub.statements.length = 0;
        const page = await listModels(hub.db, sqliteAdapter, query);
        const walks = hub.statements.filter((s) => s.sql.includes("walk_keys"));
        const expected = await listModels(hub.db, walking, query);
        expect(page.items.map((m) => m.id)).toEqual(expected.items.map((m) => m.id));
        expect(page.next).toEqual(expected.next);
        if (sort === "id" && direction === 1) expect(walks.length).toBeGreaterThan(1);
      }
    }
  });
});
