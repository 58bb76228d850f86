// The facet counts beside a list (store/list-facets.ts) read indexes, not the models table: every statement
// listTotals issues on SQLite is put through EXPLAIN QUERY PLAN. Counting a library's or a task's models reads a
// covering index; the tag sample walks a sort index and stops; the hidden private models are read by key. The
// counts of every library, task and tag (GET /api/libraries, /api/pipelines, /api/tags) read their posting lists,
// and the private models through their own index.

import Database from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrations.js";
import { VISIBILITY_INDEX } from "../db/model-index-ddl.js";
import type { HubDatabase } from "../db/schema.js";
import { registerPostingFunctions } from "../db/sqlite/posting-functions.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { createKyselyStore } from "./kysely-store.js";
import { toRow } from "./model-row.js";
import type { ListFilters, Store } from "./store.js";

const LIBRARIES = ["transformers", "diffusers", "timm", "gguf"];
const TASKS = ["text-generation", "text-to-image", "image-classification", "fill-mask", "automatic-speech-recognition"];

const SHAPES: [string, ListFilters][] = [
  ["no filter", { tags: [] }],
  ["a library", { library: "transformers", tags: [] }],
  ["a task", { pipelineTag: "text-to-image", tags: [] }],
  ["a library and a task", { library: "timm", pipelineTag: "image-classification", tags: [] }],
  ["an author", { author: "org3", tags: [] }],
  ["a rare tag", { tags: ["rare"] }],
  ["a rare search", { search: "model-0042", tags: [] }],
];

describe("SQLite facet plans", () => {
  const issued: CompiledQuery[] = [];
  let raw: Database.Database;
  let store: Store;

  beforeAll(async () => {
    raw = new Database(":memory:");
    registerPostingFunctions(raw);
    const db = new Kysely<HubDatabase>({
      dialect: new SqliteDialect({ database: raw }),
      log: (event) => {
        if (event.level === "query") issued.push(event.query);
      },
    });
    await migrateToLatest(db, sqliteAdapter);
    store = createKyselyStore(db, sqliteAdapter);
    const models = Array.from({ length: 20 }, (_, n) =>
      numberedModels(`org${n}`, 1_000).map((m, i) => ({
        ...m,
        library_name: LIBRARIES[(i + n) % LIBRARIES.length],
        pipeline_tag: TASKS[(i * 7 + n) % TASKS.length],
        tags: i % 500 === 3 ? ["rare", "en"] : ["en", `t${i % 30}`],
      })),
    ).flat();
    const load = await store.startBulkLoad();
    if (!load) throw new Error("the bulk load (which rebuilds indexes and statistics) was refused");
    await load.upsert(models.map(toRow));
    await load.finish();
    await store.setPrivate("org1/model-0001", true);
  }, 60_000);

  afterAll(async () => {
    await store?.close();
  });

  // The statements `run` issues, each with its EXPLAIN QUERY PLAN lines.
  const plansOf = async (run: () => Promise<unknown>) => {
    issued.length = 0;
    await run();
    return issued.map((statement) => ({
      sql: statement.sql,
      details: (
        raw.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...(statement.parameters as unknown[])) as {
          detail: string;
        }[]
      ).map((p) => p.detail),
    }));
  };

  it.each(SHAPES)("%s: no statement scans the models table", async (_, filters) => {
    let total = 0;
    const plans = await plansOf(async () => {
      total = (await store.listTotals(filters, 10)).total.count;
    });
    expect(total).toBeGreaterThan(0);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, details } of plans) {
      // A table scan reads every row: "SCAN models" with no index. Walking an index in order ("SCAN models USING
      // INDEX …") stops at the statement's LIMIT; the index of private models is read only for the hidden models.
      expect(
        details.filter((d) => /^SCAN models$/.test(d)),
        `${sql}\n${details.join("\n")}`,
      ).toEqual([]);
      if (!/"models"\."private" = 1/.test(sql)) {
        expect(
          details.filter((d) => d.includes(`INDEX ${VISIBILITY_INDEX}`)),
          sql,
        ).toEqual([]);
      }
    }
  });

  it("the counts of libraries, tasks and tags read the private models through their index, and no row else", async () => {
    for (const count of [() => store.countLibraries(), () => store.countPipelines(), () => store.topTags(10)]) {
      const plans = await plansOf(count);
      const hidden = plans.filter((p) => /"models"\."private" = 1/.test(p.sql));
      expect(hidden).toHaveLength(1);
      for (const { sql, details } of plans) {
        expect(
          details.filter((d) => /^SCAN models$/.test(d)),
          sql,
        ).toEqual([]);
      }
      for (const { sql, details } of hidden) {
        expect(
          details.filter((d) => d.includes(`INDEX ${VISIBILITY_INDEX}`)),
          `${sql}\n${details.join("\n")}`,
        ).toHaveLength(1);
      }
    }
  });
});
