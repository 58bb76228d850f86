import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { infoOfRecord } from "../protocol/model-info.js";
import { hubModel } from "../test-utils/hub-models.js";
import { jsonBody, startTestApp, TEST_TOKEN, type TestApp } from "../test-utils/test-app.js";

const EXISTING = hubModel("google/gemma-2-2b-it", {
  library_name: "transformers",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
  downloads: 10,
  createdAt: "2024-06-27T00:00:00.000Z",
});

const NEW_RECORD = {
  id: "mistralai/Mistral-7B-Instruct-v0.3",
  library_name: "transformers",
  pipeline_tag: "text-generation",
  tags: ["transformers", "conversational"],
  config: { architectures: ["MistralForCausalLM"], model_type: "mistral" },
  downloads: 1200,
  likes: 30,
};

const NOW = new Date("2025-01-02T03:04:05.000Z");

let hub: TestApp;
beforeEach(async () => {
  hub = await startTestApp([EXISTING], { now: () => NOW });
});
afterEach(() => hub.close());

async function errorOf(response: Response): Promise<string> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return ((await response.json()) as { error: string }).error;
}

// Sends a request that must be refused with `status`, and checks that the database did not change.
async function expectRefused(send: () => Promise<Response>, status: number, message: string): Promise<void> {
  const before = await hub.snapshot();
  const response = await send();
  expect(response.status).toBe(status);
  expect(await errorOf(response)).toContain(message);
  expect(await hub.snapshot()).toEqual(before);
}

describe("POST /api/models", () => {
  it("creates a model, filling in author and dates, and serves it back", async () => {
    const response = await hub.admin("/api/models", jsonBody("POST", NEW_RECORD));
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/api/models/mistralai/Mistral-7B-Instruct-v0.3");
    const expected = {
      ...NEW_RECORD,
      author: "mistralai",
      createdAt: NOW.toISOString(),
      lastModified: NOW.toISOString(),
    };
    expect(await response.json()).toEqual(expected);
    const read = await hub.fetch("/api/models/mistralai/Mistral-7B-Instruct-v0.3");
    expect(await read.json()).toEqual(infoOfRecord(expected));
    const listed = await hub.fetch("/api/models?search=mistral-7b");
    expect(((await listed.json()) as { id: string }[]).map((m) => m.id)).toEqual([NEW_RECORD.id]);
  });

  it("refuses a duplicate id with 409", async () => {
    await expectRefused(() => hub.admin("/api/models", jsonBody("POST", { id: EXISTING.id })), 409, "already exists");
  });

  it.each([
    ["no header", {}],
    ["a wrong token", { authorization: "Bearer not-the-token" }],
    ["another scheme", { authorization: `Basic ${TEST_TOKEN}` }],
    ["the token without a scheme", { authorization: TEST_TOKEN }],
  ])("answers %s with 401 and changes nothing", async (_, headers) => {
    await expectRefused(
      () =>
        hub.fetch("/api/models", {
          ...jsonBody("POST", NEW_RECORD),
          headers: { ...headers, "content-type": "application/json" },
        }),
      401,
      "Authorization",
    );
  });

  it("checks the token before reading the body: an unauthenticated oversized body is a 401", async () => {
    const huge = { ...NEW_RECORD, config: { blob: "x".repeat(2 * 1024 * 1024) } };
    await expectRefused(() => hub.fetch("/api/models", jsonBody("POST", huge)), 401, "Authorization");
  });

  it.each([
    ["no namespace", "gpt2", "namespace/name"],
    ["three parts", "a/b/c", "namespace/name"],
    ["a space", "org/my model", "letters, digits"],
    ["a leading dash", "org/-model", "start or end"],
    ["a trailing dot", "org/model.", "start or end"],
    ["a double dash", "org/my--model", "'--'"],
    ["a double dot", "org/my..model", "'..'"],
    ["a .git ending", "org/model.git", ".git"],
    ["97 characters", `org/${"m".repeat(97)}`, "96"],
    ["an empty namespace", "/model", "empty"],
    ["a unicode letter", "org/modèle", "letters, digits"],
  ])("refuses an id with %s (400, nothing stored)", async (_, id, message) => {
    await expectRefused(() => hub.admin("/api/models", jsonBody("POST", { id })), 400, message);
  });

  it.each([
    ["id missing", { tags: [] }, 'field "id"'],
    ["id a number", { id: 42 }, 'field "id"'],
    ["tags a string", { id: "a/b", tags: "en" }, 'field "tags"'],
    ["a tag a number", { id: "a/b", tags: ["en", 3] }, 'field "tags.1"'],
    ["downloads negative", { id: "a/b", downloads: -1 }, 'field "downloads"'],
    ["likes fractional", { id: "a/b", likes: 1.5 }, 'field "likes"'],
    ["a bad date", { id: "a/b", lastModified: "yesterday" }, 'field "lastModified"'],
    ["an unknown field", { id: "a/b", private: true }, 'unknown field "private"'],
    [
      "a bad mapping status",
      { id: "a/b", inferenceProviderMapping: { groq: { providerId: "x", task: "y", status: "on" } } },
      'field "inferenceProviderMapping.groq.status"',
    ],
    ["config.architectures a string", { id: "a/b", config: { architectures: "Bert" } }, 'field "config.architectures"'],
    ["transformersInfo without auto_model", { id: "a/b", transformersInfo: {} }, 'field "transformersInfo.auto_model"'],
    ["siblings without names", { id: "a/b", siblings: [{}] }, 'field "siblings.0.rfilename"'],
    ["an author other than the namespace", { id: "a/b", author: "c" }, 'field "author"'],
    ["an array body", [NEW_RECORD], "expected object"],
  ])("refuses a body with %s (400 naming the field, nothing stored)", async (_, body, message) => {
    await expectRefused(() => hub.admin("/api/models", jsonBody("POST", body)), 400, message);
  });

  it("refuses invalid JSON, an empty body, a non-JSON type and an oversized body", async () => {
    const post = (body: string, type = "application/json") =>
      hub.admin("/api/models", { method: "POST", headers: { "content-type": type }, body });
    await expectRefused(() => post("{not json"), 400, "JSON");
    await expectRefused(() => post(""), 400, "empty");
    await expectRefused(() => post(JSON.stringify(NEW_RECORD), "text/plain"), 415, "Unsupported Media Type");
    const huge = JSON.stringify({ ...NEW_RECORD, config: { blob: "x".repeat(2 * 1024 * 1024) } });
    await expectRefused(() => post(huge), 413, "too large");
  });

  it("refuses query parameters on writes", async () => {
    await expectRefused(() => hub.admin("/api/models?force=1", jsonBody("POST", NEW_RECORD)), 400, '"force"');
  });
});

describe("PUT /api/models/:namespace/:name", () => {
  const path = `/api/models/${EXISTING.id}`;

  it("replaces the record, keeping its creation date unless given", async () => {
    const response = await hub.admin(path, jsonBody("PUT", { tags: ["gguf"], likes: 3 }));
    expect(response.status).toBe(200);
    const expected = {
      id: EXISTING.id,
      author: "google",
      tags: ["gguf"],
      likes: 3,
      downloads: 0,
      createdAt: EXISTING.createdAt,
      lastModified: NOW.toISOString(),
    };
    expect(await response.json()).toEqual(expected);
    expect(await hub.store.getModel(EXISTING.id)).toEqual(expected);
  });

  it("refuses an id in the body other than the path's, an unknown model, a bad body and no token", async () => {
    await expectRefused(() => hub.admin(path, jsonBody("PUT", { id: "google/other" })), 400, "the id in the path");
    await expectRefused(() => hub.admin("/api/models/google/missing", jsonBody("PUT", {})), 404, "not found");
    await expectRefused(() => hub.admin(path, jsonBody("PUT", { downloads: "many" })), 400, 'field "downloads"');
    await expectRefused(() => hub.admin("/api/models/google/bad--id", jsonBody("PUT", {})), 400, "'--'");
    await expectRefused(() => hub.fetch(path, jsonBody("PUT", { tags: [] })), 401, "Authorization");
  });
});

describe("DELETE /api/models/:namespace/:name", () => {
  it("deletes with the token; 404 for an unknown model; 401 without the token", async () => {
    await expectRefused(() => hub.fetch(`/api/models/${EXISTING.id}`, { method: "DELETE" }), 401, "Authorization");
    await expectRefused(() => hub.admin("/api/models/google/missing", { method: "DELETE" }), 404, "not found");
    const response = await hub.admin(`/api/models/${EXISTING.id}`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await hub.snapshot()).toEqual([]);
    expect((await hub.fetch(`/api/models/${EXISTING.id}`)).status).toBe(404);
  });
});
