// Pages sorted by id whose walk meets a large author holding few of the set's members (list-postings.ts
// STRETCH_LIMITS): the walk takes those members and goes on past the author's stretch, and every page agrees with a
// page read without posting lists, whatever the direction, the page size and where the cursor stands.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { everyPage, walkingSqlite } from "../test-utils/paged-lists.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { STRETCH_LIMITS } from "./list-postings.js";
import type { ListQuery } from "./store.js";

// "big" opens the id order with 3,000 models, two of them tagged "rare"; every model of "zed", after it, is.
const RARE_IN_BIG = [100, 2_900];
const MODELS = [
  ...numberedModels("big", 3_000).map((m, i) => (RARE_IN_BIG.includes(i) ? { ...m, tags: [...m.tags, "rare"] } : m)),
  ...numberedModels("zed", 300, { tags: ["rare"] }),
];

describe("SQLite pages sorted by id that pass a large author's stretch", () => {
  let hub: PlannedSqlite;
  const saved = { ...STRETCH_LIMITS };

  beforeAll(async () => {
    hub = await plannedSqlite(MODELS);
    // At this scale an author of a thousand models is large.
    Object.assign(STRETCH_LIMITS, { least: 1_000 });
  });

  afterAll(async () => {
    Object.assign(STRETCH_LIMITS, saved);
    await hub.db.destroy();
  });

  // Every id of `query`, page after page, and whether any statement walked on from past big's stretch.
  const allPages = async (query: ListQuery, adapter = sqliteAdapter) => {
    const { ids, marked } = await everyPage(hub, query, adapter, (p) => p.includes("big0") || p.includes("big/"));
    return { ids, passed: marked };
  };

  it("a tag's walk takes big's two members and passes the rest of its stretch", async () => {
    const query: ListQuery = { tags: ["rare"], sort: "id", direction: 1, limit: 30 };
    const { ids, passed } = await allPages(query);
    expect(passed).toBe(true);
    expect(ids.slice(0, 3)).toEqual(["big/model-0100", "big/model-2900", "zed/model-0000"]);
    expect(ids).toHaveLength(302);
    expect(ids).toEqual((await everyPage(hub, query, walkingSqlite)).ids);
  });

  it("pages of one model agree through the stretch, the cursor standing inside it", async () => {
    for (const direction of [1, -1] as const) {
      const query: ListQuery = { tags: ["rare"], sort: "id", direction, limit: 1 };
      const { ids } = await allPages(query);
      expect(ids).toEqual((await everyPage(hub, query, walkingSqlite)).ids);
    }
  });

  it("descending, the walk passes the stretch from its other end", async () => {
    const query: ListQuery = { tags: ["rare"], sort: "id", direction: -1, limit: 30 };
    const { ids, passed } = await allPages(query);
    expect(passed).toBe(true);
    expect(ids.slice(-2)).toEqual(["big/model-2900", "big/model-0100"]);
    expect(ids).toEqual((await everyPage(hub, query, walkingSqlite)).ids);
  });

  it("a search crossed with the tag passes the stretch too, each model found tested for the term", async () => {
    const query: ListQuery = { search: "MODEL-0", tags: ["rare"], sort: "id", direction: 1, limit: 5 };
    const { ids, passed } = await allPages(query);
    expect(passed).toBe(true);
    expect(ids.slice(0, 2)).toEqual(["big/model-0100", "zed/model-0000"]);
    expect(ids).toHaveLength(301);
    expect(ids).toEqual((await everyPage(hub, query, walkingSqlite)).ids);
  });

  it("an author below the size is walked through", async () => {
    Object.assign(STRETCH_LIMITS, { least: 5_000 });
    try {
      const query: ListQuery = { tags: ["rare"], sort: "id", direction: 1, limit: 30 };
      const { ids, passed } = await allPages(query);
      expect(passed).toBe(false);
      expect(ids).toEqual((await everyPage(hub, query, walkingSqlite)).ids);
    } finally {
      Object.assign(STRETCH_LIMITS, { least: 1_000 });
    }
  });
});
