// How SQLite reads a page whose filters have no index together when it has no posting lists to intersect (what a
// search crossed with filters still does, and PostgreSQL's plans mirror), pinned with EXPLAIN QUERY PLAN: a walk of
// one filter's index in page order, bounded (WALK_LIMITS, lowered here to rows a test holds) (never a sort of the whole
// range), and, when that walk finds too few rows, the smallest candidate set read by key and sorted. With posting
// lists, list-postings.test.ts.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrations.js";
import { createTagModelIndex, TAG_MODEL_INDEX } from "../db/model-index-ddl.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { walkingSqlite as walking } from "../test-utils/paged-lists.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { DRIVING_SET_LIMIT, listModels, WALK_LIMITS } from "./list-models.js";
import type { ListQuery } from "./store.js";

const LIMITS = { fromIndexes: 400, readingRows: 200 };

// "wide" (more rows than a walk reads) meets the tag "odd" (more than a small set) in a handful of models only.
const MODELS = [
  ...numberedModels("wide", LIMITS.fromIndexes + 200, { library_name: "wide", tags: ["plain"] }),
  ...numberedModels("odd", DRIVING_SET_LIMIT + 200, { library_name: "other", tags: ["odd", "plain"] }),
  ...numberedModels("both", 5, { library_name: "wide", tags: ["odd", "plain"] }),
];

describe("SQLite list plans: crossed filters walk one index, bounded, then read the smallest set", () => {
  const saved = { ...WALK_LIMITS };
  let hub: PlannedSqlite;

  beforeAll(async () => {
    Object.assign(WALK_LIMITS, LIMITS);
    hub = await plannedSqlite(MODELS);
  });

  afterAll(async () => {
    Object.assign(WALK_LIMITS, saved);
    await hub.db.destroy();
  });

  // The plans of the statements that read models rows for a page (the bounded walk, and the re-read if any).
  async function pagePlans(query: ListQuery): Promise<{ ids: string[]; plans: string[] }> {
    hub.statements.length = 0;
    const page = await listModels(hub.db, walking, query);
    const plans = hub.statements.filter((s) => s.sql.includes('"models"."tags"')).map(hub.plan);
    return { ids: page.items.map((m) => m.id), plans };
  }

  // The walk selects keys only (every test answered from indexes), then the page's rows are read by key: the only
  // sort is of those few keys, the plan's last line.
  function walkOf(plan: string | undefined): string {
    const lines = (plan ?? "").split("\n");
    expect(lines.at(-1)).toBe("USE TEMP B-TREE FOR ORDER BY");
    expect(lines[0]).toBe("SEARCH models USING INTEGER PRIMARY KEY (rowid=?)");
    const walk = lines.slice(1, -1).join("\n");
    expect(walk).not.toMatch(/TEMP B-TREE/);
    return walk;
  }

  it("a library crossed with a common tag walks the library's own index in page order, from indexes alone", async () => {
    const { ids, plans } = await pagePlans({
      library: "wide",
      tags: ["plain"],
      sort: "likes",
      direction: -1,
      limit: 20,
    });
    expect(ids).toHaveLength(20);
    expect(plans).toHaveLength(1);
    expect(walkOf(plans[0])).toMatch(
      /SEARCH models USING COVERING INDEX models_by_library_likes \(library_name=\? AND likes>\?\)\n(BLOOM FILTER ON p \(key=\? AND chunk=\?\)\n)?SEARCH p EXISTS USING PRIMARY KEY \(key=\? AND chunk=\?\)/,
    );
  });

  it("the same tag sorted by downloads walks the tag's own range", async () => {
    const { ids, plans } = await pagePlans({
      tags: ["odd"],
      library: "wide",
      sort: "downloads",
      direction: 1,
      limit: 3,
    });
    expect(ids).toHaveLength(3);
    expect(walkOf(plans[0])).toMatch(/SEARCH t USING PRIMARY KEY \(tag=\? AND \(downloads,model_pk\)<\(\?,\?\)\)/);
  });

  it("when the bounded walk finds too few rows, the smaller set (the library's) is read by key and sorted", async () => {
    const { ids, plans } = await pagePlans({
      library: "wide",
      tags: ["odd"],
      sort: "createdAt",
      direction: 1,
      limit: 20,
    });
    expect(ids).toEqual([
      "both/model-0000",
      "both/model-0001",
      "both/model-0002",
      "both/model-0003",
      "both/model-0004",
    ]);
    // The walk up to its bound is two index ranges: the dates before the bound's, then the bound's own date up to its
    // key (a row value over the rowid would not stop there: SQLite seeks by the date alone).
    expect(plans).toHaveLength(3);
    expect(walkOf(plans[0])).toMatch(
      /SEARCH models USING COVERING INDEX models_by_library_created_at \(library_name=\? AND created_at<\?\)/,
    );
    expect(walkOf(plans[1])).toMatch(
      /SEARCH models USING COVERING INDEX models_by_library_created_at \(library_name=\? AND created_at=\? AND rowid<\?\)/,
    );
    expect(plans[2]).toMatch(/SEARCH models USING COVERING INDEX models_by_library_\w+ \(library_name=\?\)/);
    expect(plans[2]).toMatch(/SEARCH models USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plans[2]).toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it("a page after a position among many equal values seeks to it: the ties are a range of their own", async () => {
    // About twenty models share each number of likes here: before the split, a page read the ties before its key.
    const first = await listModels(hub.db, sqliteAdapter, { tags: [], sort: "likes", direction: 1, limit: 5 });
    const last = first.items.at(-1);
    expect(first.next).not.toBeNull();
    const { ids, plans } = await pagePlans({
      tags: [],
      sort: "likes",
      direction: 1,
      limit: 5,
      after: { value: last?.likes ?? 0, seq: Number(first.end?.seq) },
    });
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(last?.id);
    expect(plans[0]).toMatch(/SEARCH models USING INDEX models_search_by_likes \(likes=\? AND pk>\?\)/);
  });

  it("a database from before 0015 drops the index of tags by model: tags are tested on their posting lists", async () => {
    const query: ListQuery = { library: "wide", tags: ["odd"], sort: "likes", direction: -1, limit: 20 };
    const before = await pagePlans(query);
    await createTagModelIndex(hub.db);
    await sql`DELETE FROM kysely_migration WHERE name >= '0015'`.execute(hub.db);
    await migrateToLatest(hub.db, sqliteAdapter);
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(hub.db);
    expect(rows.map((r) => r.name)).not.toContain(TAG_MODEL_INDEX);
    const after = await pagePlans(query);
    expect(after.ids).toEqual(before.ids);
    expect(after.ids).toHaveLength(5);
    expect(after.ids.every((id) => id.startsWith("both/"))).toBe(true);
  });
});
