// Pages sorted by id whose set gathers in one author's stretch of the order (list-postings.ts clusteredIdPage): the
// author's stretch is walked apart instead of every id before it, and the pages agree with a page read without posting
// lists, through every page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { everyPage, walkingSqlite as walking } from "../test-utils/paged-lists.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { DRIVING_SET_LIMIT, listModels } from "./list-models.js";
import { CLUSTER_LIMITS } from "./list-postings.js";
import type { ListQuery } from "./store.js";

// The tag "gathered" is held by three models at the start of the id order and by every model of "zulu", at its end;
// between them stand thousands of models without it.
const MODELS = [
  ...numberedModels("alpha", 3, { tags: ["gathered"] }),
  ...numberedModels("mid", 6_000),
  ...numberedModels("zulu", DRIVING_SET_LIMIT + 100, { tags: ["gathered"] }),
];

describe("SQLite pages sorted by id whose set gathers in one author", () => {
  let hub: PlannedSqlite;
  const saved = { ...CLUSTER_LIMITS };

  beforeAll(async () => {
    hub = await plannedSqlite(MODELS);
    // At this scale a walk passes a few hundred entries short of a page before it looks for authors.
    Object.assign(CLUSTER_LIMITS, { after: 200 });
  });

  afterAll(async () => {
    Object.assign(CLUSTER_LIMITS, saved);
    await hub.db.destroy();
  });

  // Every id of `query`, page after page, and whether any statement walked zulu's stretch of the id order alone.
  const allPages = async (query: ListQuery, adapter = sqliteAdapter) => {
    const { ids, marked } = await everyPage(hub, query, adapter, (p) => p.includes("zulu/") && p.includes("zulu0"));
    return { ids, stretch: marked };
  };

  it("a tag walks the author's stretch once the walk from the other end found too few", async () => {
    const query: ListQuery = { tags: ["gathered"], sort: "id", direction: 1, limit: 50 };
    const { ids, stretch } = await allPages(query);
    expect(stretch).toBe(true);
    expect(ids.slice(0, 4)).toEqual(["alpha/model-0000", "alpha/model-0001", "alpha/model-0002", "zulu/model-0000"]);
    expect(ids).toEqual((await allPages(query, walking)).ids);
  });

  it("a search walks the author's stretch too, each model found tested for the term", async () => {
    const query: ListQuery = { search: "ZULU/MODEL-1", tags: [], sort: "id", direction: 1, limit: 40 };
    const { ids, stretch } = await allPages(query);
    expect(stretch).toBe(true);
    expect(ids[0]).toBe("zulu/model-1000");
    expect(ids).toHaveLength(DRIVING_SET_LIMIT + 100 - 1_000);
    expect(ids).toEqual((await allPages(query, walking)).ids);
  });

  it("a walk that meets the author at once needs no stretch", async () => {
    const query: ListQuery = { tags: ["gathered"], sort: "id", direction: -1, limit: 50 };
    hub.statements.length = 0;
    const page = await listModels(hub.db, sqliteAdapter, query);
    expect(hub.statements.some((s) => s.parameters.includes("zulu/"))).toBe(false);
    expect(page.items[0]?.id).toBe(`zulu/model-${DRIVING_SET_LIMIT + 99}`);
    const oracle = await listModels(hub.db, walking, query);
    expect(page.items.map((m) => m.id)).toEqual(oracle.items.map((m) => m.id));
  });

  it("a set spread over many authors is walked as before", async () => {
    const query: ListQuery = { search: "model-00", tags: [], sort: "id", direction: 1, limit: 30 };
    const { ids, stretch } = await allPages(query);
    expect(stretch).toBe(false);
    expect(ids).toEqual((await allPages(query, walking)).ids);
  });
});
