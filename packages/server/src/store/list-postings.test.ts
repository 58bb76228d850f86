// Pages whose filters cross, read from their exact set (list-postings.ts) on SQLite: a small intersection by key,
// a large one by a walk of the sort's index that reads no row; both agree with a page read without posting lists,
// through every page and for readers who may or may not see a private model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { walkingSqlite as walking } from "../test-utils/paged-lists.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { createKyselyStore } from "./kysely-store.js";
import { DRIVING_SET_LIMIT, listModels } from "./list-models.js";
import { SET_LIMITS } from "./list-postings.js";
import type { ListQuery } from "./store.js";

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

  it("a small intersection is read by key once a short walk of the library's index gave up", async () => {
    const query: ListQuery = { library: "wide", tags: ["odd"], sort: "createdAt", direction: 1, limit: 20 };
    const { ids, first } = await withSetLimits({ heldWalk: 256 }, () => allPages(query));
    expect(ids).toEqual(["both/model-0000", "both/model-0001", "both/model-0003", "both/model-0004"]);
    expect(first.filter((s) => s.includes(`from "list_postings"`))).toHaveLength(2);
    const plans = hub.statements.filter((s) => s.sql.includes('"models"."tags"')).map(hub.plan);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/SEARCH models USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plans[0]).not.toMatch(/models_by_library/);
    // Each row read by key is tested for the tag on its own list, not on the tag's posting list (a chunk read per key).
    const rowReads = hub.statements.filter((s) => s.sql.includes('"models"."tags"')).map((s) => s.sql);
    expect(rowReads.join("\n")).toMatch(/json_each\("models"\."tags"\)/);
    expect(rowReads.join("\n")).not.toMatch(/posting_has/);
  });

  it("a tag common among a library's models is tested along the library's index, the tag's list alone read", async () => {
    for (const sort of ["likes", "id", "downloads"] as const) {
      for (const direction of [1, -1] as const) {
        const query: ListQuery = { library: "wide", tags: ["plain"], sort, direction, limit: 20 };
        hub.statements.length = 0;
        const page = await listModels(hub.db, sqliteAdapter, query);
        const lists = hub.statements.filter((s) => s.sql.includes(`from "list_postings"`));
        expect(lists.map((s) => s.parameters)).toEqual([["t:plain"]]);
        const oracle = await listModels(hub.db, walking, query);
        expect(page.items.map((m) => m.id)).toEqual(oracle.items.map((m) => m.id));
        expect(page.next).toEqual(oracle.next);
      }
    }
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

  // The trigrams' posting lists a page read (their keys), and the id search index's reads.
  const trigramReads = () =>
    hub.statements.flatMap((s) => s.parameters.filter((p): p is string => typeof p === "string" && p.startsWith("g:")));
  const ftsReads = () => hub.statements.filter((s) => s.sql.includes("models_fts"));

  it("a search crossed with filters that many models hold crosses the term's trigram lists with theirs", async () => {
    for (const sort of ["likes", "id", "downloads"] as const) {
      for (const direction of [1, -1] as const) {
        const query: ListQuery = { search: "MODEL-001", library: "wide", tags: ["plain"], sort, direction, limit: 4 };
        hub.statements.length = 0;
        const { ids } = await allPages(query);
        expect(ids).toHaveLength(10);
        expect(new Set(trigramReads())).toEqual(
          new Set(["g:mod", "g:ode", "g:del", "g:el-", "g:l-0", "g:-00", "g:001"]),
        );
        expect(ftsReads()).toEqual([]);
        expect(ids).toEqual((await allPages(query, walking)).ids);
      }
    }
  });

  it("a search crossed with filters pages through a large crossing by a walk, each model found tested for the term", async () => {
    // "l-0" is in the first thousand ids of "wide" and in those of "both" (one private), walked in pages of 7.
    for (const direction of [1, -1] as const) {
      const query: ListQuery = {
        search: "l-0",
        library: "wide",
        tags: ["plain"],
        sort: "downloads",
        direction,
        limit: 7,
      };
      const { ids, first } = await withSetLimits({ readWhole: 10 }, () => allPages(query));
      expect(ids).toHaveLength(1_004);
      expect(ids).toEqual((await allPages(query, walking)).ids);
      expect(first.filter((s) => s.includes("json_group_array")).length).toBeGreaterThan(0);
    }
  });

  it("a term too short for trigrams is tested on the filters' models when they are few", async () => {
    const query: ListQuery = { search: "0", tags: ["odd"], sort: "likes", direction: 1, limit: 10 };
    const { ids } = await withSetLimits({ searchedWhole: DRIVING_SET_LIMIT + 300 }, () => allPages(query));
    expect(trigramReads()).toEqual([]);
    expect(ids).toEqual((await allPages(query, walking)).ids);
    expect(ids.length).toBeGreaterThan(1_000);
  });

  it("a search alone that a short walk misses reads the term's trigram lists, and agrees page by page", async () => {
    const shortWalks = { ...sqliteAdapter, searchWalkRows: 10 };
    for (const sort of ["likes", "id", "createdAt"] as const) {
      const query: ListQuery = { search: "both/model", tags: [], sort, direction: -1, limit: 2 };
      hub.statements.length = 0;
      await listModels(hub.db, shortWalks, query);
      expect(trigramReads()).toContain("g:oth");
      const { ids } = await allPages(query, shortWalks);
      expect(ids).toEqual((await allPages(query, walking)).ids);
      expect(ids).toHaveLength(4);
    }
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
  // 1,200 models of one library; the tag "t" on every twentieth of the first 300 and of the last 300, and on each of
  // the 400 between 400 and 800. A walk by id, either way, starts with one short batch (the set is 430 of 1,200) that
  // finds too few for a page of 20, and the next starts where it stopped: from the last value read, the least going
  // down and the greatest going up.
  const models = numberedModels("m", 1_200, { library_name: "lib" }).map((m, i) => ({
    ...m,
    tags: ((i < 300 || i >= 900) && i % 20 === 0) || (i >= 400 && i < 800) ? ["t"] : [],
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
        const query: ListQuery = { library: "lib", tags: ["t"], sort, direction, limit: 20 };
        hub.statements.length = 0;
        const page = await listModels(hub.db, sqliteAdapter, query);
        const walks = hub.statements.filter((s) => s.sql.includes("json_group_array"));
        const expected = await listModels(hub.db, walking, query);
        expect(page.items.map((m) => m.id)).toEqual(expected.items.map((m) => m.id));
        expect(page.next).toEqual(expected.next);
        if (sort === "id") expect(walks.length).toBeGreaterThan(1);
      }
    }
  });
});

describe("SQLite searches whose trigrams many more ids hold than the term", () => {
  // Every id holds "aaa", the only trigram of "aaaa"; three ids hold the term.
  const models = [
    ...numberedModels("org", 600, { library_name: "lib", tags: ["t"] }).map((m, i) => ({
      ...m,
      id: `org/aaa-${String(i).padStart(4, "0")}`,
    })),
    ...numberedModels("org", 3, { library_name: "lib", tags: ["t"] }).map((m, i) => ({ ...m, id: `org/aaaa-${i}` })),
  ];
  let hub: PlannedSqlite;

  beforeAll(async () => {
    hub = await plannedSqlite(models);
  });
  afterAll(async () => {
    await hub.db.destroy();
  });

  it("past the models a walk may test, the term is searched on the filters' id index", async () => {
    const query: ListQuery = { search: "aaaa", library: "lib", tags: ["t"], sort: "likes", direction: 1, limit: 2 };
    const saved = { ...SET_LIMITS };
    Object.assign(SET_LIMITS, { verifiedMost: 50, readWhole: 10 });
    try {
      hub.statements.length = 0;
      const page = await listModels(hub.db, sqliteAdapter, query);
      // The term tested on an index holding ids (every model here is of the library: SQLite scans the id's own).
      const plans = hub.statements.filter((s) => s.sql.includes("instr(lower(models.id)")).map(hub.plan);
      expect(plans).toContainEqual(expect.stringMatching(/COVERING INDEX models_(by_library_id|id_key)/));
      const expected = await listModels(hub.db, walking, query);
      expect(page.items.map((m) => m.id)).toEqual(expected.items.map((m) => m.id));
      expect(page.items).toHaveLength(2);
    } finally {
      Object.assign(SET_LIMITS, saved);
    }
  });
});
