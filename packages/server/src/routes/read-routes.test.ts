import { LIBRARIES, type LibraryEntry } from "@modelhub/snippets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { startTestApp, type TestApp } from "../test-utils/test-app.js";

const RECORD = hubModel("sentence-transformers/all-MiniLM-L6-v2", {
  library_name: "sentence-transformers",
  pipeline_tag: "sentence-similarity",
  tags: ["sentence-transformers", "transformers", "en"],
  config: { architectures: ["BertModel"], model_type: "bert" },
  widgetData: [{ source_sentence: "That is a happy person", sentences: ["That is a happy dog"] }],
  siblings: [{ rfilename: "config.json" }],
  downloads: 90_000_000,
  likes: 3_000,
});

let hub: TestApp;
beforeAll(async () => {
  hub = await startTestApp([
    RECORD,
    hubModel("a/bert", { library_name: "transformers", pipeline_tag: "fill-mask", tags: ["transformers"] }),
    hubModel("a/unet", { library_name: "diffusers", pipeline_tag: "fill-mask" }),
  ]);
});
afterAll(() => hub.close());

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await hub.fetch(path);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: await response.json() };
}

describe("GET /api/models/:namespace/:name", () => {
  it("answers the whole record", async () => {
    const body = {
      ...RECORD,
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      modelId: RECORD.id,
      private: false,
      gated: false,
      disabled: false,
    };
    expect(await get(`/api/models/${RECORD.id}`)).toEqual({ status: 200, body });
  });

  it("answers an unknown id with a JSON 404, a bad id with a 400, a query parameter with a 400", async () => {
    expect(await get("/api/models/nobody/nothing")).toEqual({
      status: 404,
      body: { error: 'model "nobody/nothing" not found' },
    });
    expect((await get("/api/models/a/b..c")).status).toBe(400);
    expect(await get(`/api/models/${RECORD.id}?full=true`)).toEqual({
      status: 400,
      body: { error: 'unknown parameter "full"' },
    });
  });

  it("answers an unknown API route with a JSON 404", async () => {
    expect(await get("/api/nothing/here")).toEqual({ status: 404, body: { error: "No route GET /api/nothing/here" } });
    expect((await get("/api/models/a/b/c/d")).status).toBe(404);
  });
});

describe("GET /api/libraries", () => {
  it("lists the whole registry without functions, with model counts", async () => {
    const entry: LibraryEntry = LIBRARIES["sentence-transformers"];
    const { status, body } = await get("/api/libraries");
    expect(status).toBe(200);
    const libraries = body as { key: string; count: number; hasSnippets: boolean }[];
    expect(libraries.map((l) => l.key)).toEqual(Object.keys(LIBRARIES));
    const st = libraries.find((l) => l.key === "sentence-transformers");
    expect(st).toEqual({
      key: "sentence-transformers",
      prettyLabel: LIBRARIES["sentence-transformers"].prettyLabel,
      repoName: LIBRARIES["sentence-transformers"].repoName,
      repoUrl: LIBRARIES["sentence-transformers"].repoUrl,
      docsUrl: LIBRARIES["sentence-transformers"].docsUrl,
      filter: true,
      countDownloads: entry.countDownloads ?? null,
      hasSnippets: true,
      count: 1,
    });
    expect(libraries.find((l) => l.key === "diffusers")?.count).toBe(1);
  });

  it("gives only filter libraries with ?filter=true, and refuses other values", async () => {
    const { body } = await get("/api/libraries?filter=true");
    const keys = (body as { key: string }[]).map((l) => l.key);
    const expected = Object.entries(LIBRARIES)
      .filter(([, entry]) => entry.filter)
      .map(([key]) => key);
    expect(keys).toEqual(expected);
    expect(keys.length).toBeLessThan(Object.keys(LIBRARIES).length);
    expect(await get("/api/libraries?filter=yes")).toEqual({
      status: 400,
      body: { error: 'parameter "filter": must be true or false' },
    });
  });
});

describe("GET /api/pipelines, /api/tags, /api/providers, /api/openapi.json", () => {
  it("counts tasks and tags, most used first", async () => {
    expect(await get("/api/pipelines")).toEqual({
      status: 200,
      body: [
        { id: "fill-mask", count: 2 },
        { id: "sentence-similarity", count: 1 },
      ],
    });
    expect(await get("/api/tags?limit=1")).toEqual({ status: 200, body: [{ id: "transformers", count: 2 }] });
    expect((await get("/api/tags?limit=0")).status).toBe(400);
    expect((await get("/api/pipelines?x=1")).status).toBe(400);
  });

  it("lists the inference providers, the auto policy first", async () => {
    const { status, body } = await get("/api/providers");
    expect(status).toBe(200);
    const providers = body as { id: string; kind: string; tasks: string[] }[];
    expect(providers[0]).toMatchObject({ id: "auto", kind: "policy" });
    expect(providers.find((p) => p.id === "fal-ai")?.tasks).toContain("text-to-image");
  });

  it("publishes an OpenAPI 3.1 document of every route", async () => {
    const { status, body } = await get("/api/openapi.json");
    expect(status).toBe(200);
    const doc = body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    // Which routes it lists is checked against the app's route table in openapi/openapi-coverage.test.ts.
    expect(doc.paths).toHaveProperty(["/api/models/{namespace}/{name}/snippets", "get"]);
    expect(doc.paths).toHaveProperty(["/{namespace}/{name}/resolve/{revision}/{path}", "get"]);
    expect(Object.keys(doc.paths["/api/models"] ?? {})).toEqual(["get", "post"]);
  });
});
