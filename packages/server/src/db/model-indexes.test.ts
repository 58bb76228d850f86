// The list indexes led by a column a model may leave empty hold only the models that have it: a list filters on those
// columns by equality, so an entry for a model without the value would never be read.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { MODEL_INDEXES, requiredColumns } from "./model-indexes.js";

// Every third model has no library, every fifth no task.
const MODELS = Array.from({ length: 60 }, (_, i) =>
  hubModel(`org${i % 7}/model-${i}`, {
    ...(i % 3 === 0 ? {} : { library_name: i % 2 ? "transformers" : "diffusers" }),
    ...(i % 5 === 0 ? {} : { pipeline_tag: "text-generation" }),
    downloads: i,
  }),
);
const withLibrary = MODELS.filter((m) => m.library_name).length;
const withTask = MODELS.filter((m) => m.pipeline_tag).length;
const withBoth = MODELS.filter((m) => m.library_name && m.pipeline_tag).length;

describe("list indexes of optional columns", () => {
  let hub: PlannedSqlite;
  beforeAll(async () => {
    hub = await plannedSqlite(MODELS);
  });
  afterAll(() => hub.db.destroy());

  // Leaf cells of an index's b-tree: one per entry.
  async function entries(index: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT sum(ncell) AS n FROM dbstat
      WHERE name = ${index} AND pagetype = 'leaf'`.execute(hub.db);
    return rows[0]?.n ?? 0;
  }

  it("hold only the models with a value in each optional column they index", async () => {
    expect([withLibrary, withTask, withBoth]).toEqual([40, 48, 32]);
    for (const index of MODEL_INDEXES) {
      const required = requiredColumns(index);
      const expected = MODELS.filter((m) => required.every((column) => m[column])).length;
      expect({ index: index.name, entries: await entries(index.name) }).toEqual({
        index: index.name,
        entries: expected,
      });
    }
  });

  it("leave out a model whose value is removed, and take it in when it gains one", async () => {
    const { rows } = await sql<{ pk: number }>`SELECT pk FROM models WHERE id = 'org1/model-1'`.execute(hub.db);
    const pk = rows[0]?.pk;
    await sql`UPDATE models SET library_name = NULL WHERE pk = ${pk}`.execute(hub.db);
    expect(await entries("models_by_library_downloads")).toBe(withLibrary - 1);
    expect(await entries("models_by_library_pipeline_downloads")).toBe(withBoth - 1);
    expect(await entries("models_by_pipeline_downloads")).toBe(withTask);
    await sql`UPDATE models SET library_name = 'peft' WHERE pk = ${pk}`.execute(hub.db);
    expect(await entries("models_by_library_downloads")).toBe(withLibrary);
  });
});
