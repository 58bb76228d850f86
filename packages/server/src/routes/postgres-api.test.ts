// The HTTP API over PostgreSQL: the same routes the SQLite API tests cover in depth, once end to end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { hubModel, numberedModels } from "../test-utils/hub-models.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { jsonBody, startTestApp, type TestApp } from "../test-utils/test-app.js";

const url = await testDatabaseUrl();

describe.skipIf(!url)("the API on PostgreSQL", () => {
  let hub: TestApp;
  beforeAll(async () => {
    const pgSchema = freshSchemaName();
    hub = await startTestApp(
      [
        ...numberedModels("org", 12, { library_name: "timm", tags: ["vision"] }),
        hubModel("meta-llama/Llama-3.1-8B-Instruct", {
          library_name: "transformers",
          pipeline_tag: "text-generation",
          tags: ["conversational"],
          downloads: 5_000_000_000,
        }),
      ],
      {},
      async () => ({
        store: await openStore({ databaseUrl: url, pgSchema }),
        drop: () => dropSchema(url ?? "", pgSchema),
      }),
    );
  });
  afterAll(() => hub?.close());

  it("lists, filters, searches, pages and counts", async () => {
    const first = await hub.fetch("/api/models?library=timm&sort=likes&limit=5");
    expect(first.status).toBe(200);
    expect((await first.json()) as unknown[]).toHaveLength(5);
    const next = /<([^>]+)>/.exec(first.headers.get("link") ?? "")?.[1] ?? "";
    expect((await (await fetch(next)).json()) as unknown[]).toHaveLength(5);
    const found = (await (await hub.fetch("/api/models?search=LLAMA-3.1")).json()) as {
      id: string;
      downloads: number;
    }[];
    expect(found).toEqual([
      expect.objectContaining({ id: "meta-llama/Llama-3.1-8B-Instruct", downloads: 5_000_000_000 }),
    ]);
    expect(await (await hub.fetch("/api/pipelines")).json()).toEqual([{ id: "text-generation", count: 1 }]);
    expect(await (await hub.fetch("/api/tags?limit=1")).json()).toEqual([{ id: "vision", count: 12 }]);
  });

  it("creates, replaces, serves snippets for and deletes a model; a duplicate is a 409", async () => {
    const path = "/api/models/google/gemma-2-2b-it";
    const record = { id: "google/gemma-2-2b-it", library_name: "transformers", pipeline_tag: "text-generation" };
    expect((await hub.admin("/api/models", jsonBody("POST", record))).status).toBe(201);
    expect((await hub.admin("/api/models", jsonBody("POST", record))).status).toBe(409);
    // Ids are case-insensitive: a case variant is the same model (found, and refused as a new one).
    const variant = await hub.admin("/api/models", jsonBody("POST", { ...record, id: "Google/Gemma-2-2B-it" }));
    expect([variant.status, ((await variant.json()) as { error: string }).error]).toEqual([
      409,
      'model "Google/Gemma-2-2B-it" conflicts with the existing model "google/gemma-2-2b-it": ids are case-insensitive',
    ]);
    expect(((await (await hub.fetch("/api/models/GOOGLE/gemma-2-2b-it")).json()) as { id: string }).id).toBe(
      "google/gemma-2-2b-it",
    );
    const replaced = { library_name: "mlx", pipeline_tag: "text-generation", tags: ["conversational"] };
    expect((await hub.admin(path, jsonBody("PUT", replaced))).status).toBe(200);
    const snippets = (await (await hub.fetch(`${path}/snippets`)).json()) as { libraries: { key: string }[] };
    expect(snippets.libraries.map((l) => l.key)).toEqual(["mlx"]);
    expect((await hub.admin(path, { method: "DELETE" })).status).toBe(204);
    expect((await hub.fetch(path)).status).toBe(404);
  });
});

if (!url) console.warn(POSTGRES_SKIP_NOTE);
