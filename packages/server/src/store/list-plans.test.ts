// Which index SQLite walks for each list shape with equality filters, pinned with EXPLAIN QUERY PLAN at small scale
// (plans, not timings: bench/shapes.ts times every shape at ten million models). Each filter alone, library + task,
// an author with the others, and none, under every sort and direction: the page is a range of one index, read in
// order, never sorted whole.

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrations.js";
import { VISIBILITY_INDEX } from "../db/model-index-ddl.js";
import { MODEL_INDEXES, SUPERSEDED_SORT_INDEXES, searchWalkIndexName } from "../db/model-indexes.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { hubModel } from "../test-utils/hub-models.js";
import { type PlannedSqlite, plannedSqlite, type Statement } from "../test-utils/planned-sqlite.js";
import { createKyselyStore } from "./kysely-store.js";
import { listModels } from "./list-models.js";
import { SORT_KEY_NAMES, SORT_KEYS, type SortDirection, type SortKey } from "./sort-keys.js";
import type { ListQuery } from "./store.js";

const LIBRARIES = ["transformers", "diffusers", "timm", "peft", "gguf", "onnx"];
const TASKS = ["text-generation", "text-to-image", "image-classification", "fill-mask", "translation"];

// A few thousand models over libraries, tasks and a long tail of authors, one in fifty private.
const MODELS = Array.from({ length: 3000 }, (_, i) =>
  hubModel(`org${i % 97}/model-${i}`, {
    library_name: LIBRARIES[i % LIBRARIES.length] as string,
    pipeline_tag: TASKS[(i * 7) % TASKS.length] as string,
    tags: [`t${i % 13}`],
    downloads: (i * 7919) % 10_007,
    likes: (i * 104_729) % 503,
    lastModified: new Date(Date.UTC(2024, 0, 1) + ((i * 31) % 5000) * 3_600_000).toISOString(),
    createdAt: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
  }),
);
// Visibility is a setting, not part of a record (an upsert leaves it alone): set after the models are stored.
const PRIVATE_IDS = MODELS.filter((_, i) => i % 50 === 0).map((m) => m.id);

type Filters = Pick<ListQuery, "author" | "library" | "pipelineTag">;

// `sorts`: the sorts under which one index holds every filter (default: all). Under the others, an author with more
// filters walks the author's index and tests the rest per row (list-walk-plans.test.ts pins those walks).
const SHAPES: Array<{ name: string; filters: Filters; columns: string[]; sorts?: SortKey[] }> = [
  { name: "no filter", filters: {}, columns: [] },
  { name: "library", filters: { library: "diffusers" }, columns: ["library_name"] },
  { name: "task", filters: { pipelineTag: "translation" }, columns: ["pipeline_tag"] },
  { name: "author", filters: { author: "org5" }, columns: ["author"] },
  {
    name: "library + task",
    filters: { library: "transformers", pipelineTag: "text-to-image" },
    columns: ["library_name", "pipeline_tag"],
  },
  {
    name: "author + library",
    filters: { author: "org5", library: "transformers" },
    columns: ["author", "library_name"],
    sorts: ["id"],
  },
  {
    name: "author + task",
    filters: { author: "org5", pipelineTag: "text-generation" },
    columns: ["author", "pipeline_tag"],
    sorts: ["id"],
  },
  {
    name: "author + library + task",
    filters: { author: "org5", library: "transformers", pipelineTag: "translation" },
    columns: ["author", "library_name", "pipeline_tag"],
    sorts: ["id"],
  },
];

// The index of exactly `columns` then `sort`, if any.
function indexOf(columns: string[], sort: string): string | undefined {
  return MODEL_INDEXES.find(
    (i) =>
      i.columns.length === columns.length + 1 &&
      columns.every((c) => i.columns.slice(0, -1).includes(c)) &&
      i.columns[columns.length] === sort,
  )?.name;
}

// The index a page of `columns` sorted by `sort` should walk: the one of exactly those columns then the sort (with no
// filter, the search walk's index of the sort where there is no other). By id, an author's ids are a range of any
// index ending with the id: the other filters' id index, or the id index itself.
function expectedIndex(columns: string[], sort: string): string {
  const index = indexOf(columns, sort);
  if (index) return index;
  if (columns.length === 0 && sort !== "id") return searchWalkIndexName(sort);
  const others = columns.filter((c) => c !== "author");
  if (sort === "id") return indexOf(others, sort) ?? "models_id";
  throw new Error(`no index for ${columns.join(", ")} sorted by ${sort}`);
}

describe("SQLite list plans: every equality shape walks its own index", () => {
  let hub: PlannedSqlite;

  beforeAll(async () => {
    hub = await plannedSqlite(MODELS);
    const store = createKyselyStore(hub.db, sqliteAdapter);
    for (const id of PRIVATE_IDS) expect(await store.setPrivate(id, true)).toBe(true);
    await sqliteAdapter.analyze(hub.db);
  });

  afterAll(async () => {
    await hub.db.destroy();
  });

  // The plan of the statement that reads the page (the last one a list issues).
  async function pagePlan(query: ListQuery): Promise<string> {
    hub.statements.length = 0;
    const page = await listModels(hub.db, sqliteAdapter, query);
    expect(page.items.length).toBeGreaterThan(0);
    // Whatever the plan, a reader without access sees no private model.
    if (!query.visibility) expect(page.items.filter((m) => PRIVATE_IDS.includes(m.id))).toEqual([]);
    return hub.plan(hub.statements.at(-1) as Statement);
  }

  for (const shape of SHAPES) {
    for (const sort of shape.sorts ?? SORT_KEY_NAMES) {
      for (const direction of [-1, 1] as SortDirection[]) {
        const column = SORT_KEYS[sort].column;
        const index = expectedIndex(shape.columns, column);
        it(`${shape.name}, ${sort} ${direction === 1 ? "ascending" : "descending"}: ${index}`, async () => {
          const plan = await pagePlan({ ...shape.filters, tags: [], sort, direction, limit: 20 });
          expect(plan).toMatch(new RegExp(`INDEX ${index}\\b`));
          expect(plan).not.toMatch(/TEMP B-TREE/);
          expect(plan).not.toMatch(new RegExp(VISIBILITY_INDEX));
        });
      }
    }
  }

  it("a reader who may see private models still walks the sort's index (the visibility test is per row)", async () => {
    const plan = await pagePlan({
      library: "timm",
      tags: [],
      sort: "likes",
      direction: -1,
      limit: 20,
      visibility: { namespaces: ["org5"] },
    });
    expect(plan).not.toMatch(new RegExp(`${VISIBILITY_INDEX}|TEMP B-TREE`));
  });

  it("a database from before 0014 drops the sort indexes the search walk's indexes hold", async () => {
    for (const name of SUPERSEDED_SORT_INDEXES) {
      const column = name.slice("models_by_".length);
      await sql`CREATE INDEX ${sql.id(name)} ON models (${sql.id(column)})`.execute(hub.db);
    }
    await sql`DELETE FROM kysely_migration WHERE name >= '0014'`.execute(hub.db);
    await migrateToLatest(hub.db, sqliteAdapter);
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(hub.db);
    const names = rows.map((r) => r.name);
    for (const name of SUPERSEDED_SORT_INDEXES) expect(names).not.toContain(name);
    expect(await pagePlan({ tags: [], sort: "lastModified", direction: -1, limit: 20 })).toMatch(
      new RegExp(`INDEX ${searchWalkIndexName("last_modified")}\\b`),
    );
  });
});
