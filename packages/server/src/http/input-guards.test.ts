// The hostile requests of the outside review (issue 10): each a 400 naming the parameter or field, nothing written,
// on both dialects (PostgreSQL refused NUL with a 500; SQLite's full-text query did too).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../test-utils/dialects.js";
import { hubModel } from "../test-utils/hub-models.js";
import { POSTGRES_SKIP_NOTE } from "../test-utils/postgres.js";
import { jsonBody, startTestApp, type TestApp } from "../test-utils/test-app.js";
import { MAX_JSON_DEPTH } from "../validation/input-limits.js";

const dialects = await testDialects();
if (dialects.length === 1) console.warn(POSTGRES_SKIP_NOTE);

function nested(levels: number): string {
  // The record is level 1, config level 2: `levels` counts every object from the body down.
  return `{"id":"acme/deep","config":${'{"a":'.repeat(levels - 2)}{}${"}".repeat(levels - 2)}}`;
}

describe.each(dialects)("input guards on %s", (_name, factory) => {
  let hub: TestApp;
  beforeAll(async () => {
    hub = await startTestApp([hubModel("acme/known", { tags: ["vision"], library_name: "timm" })], {}, factory);
  });
  afterAll(() => hub?.close());

  async function expect400(response: Response, message: string | RegExp): Promise<void> {
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(message);
  }

  it.each(["search", "author", "library", "pipeline_tag", "filter"])("refuses a NUL in %s", async (param) => {
    await expect400(await hub.fetch(`/api/models?${param}=a%00b`), `parameter "${param}"`);
  });

  it.each(["search", "library", "filter"])("refuses other control characters in %s", async (param) => {
    await expect400(await hub.fetch(`/api/models?${param}=a%1Bb`), `parameter "${param}"`);
    await expect400(await hub.fetch(`/api/models?${param}=a%0Ab`), `parameter "${param}"`);
  });

  it("still searches for text with quotes and operators", async () => {
    for (const search of ['"', "a*", "NEAR(", "known OR", "'", "\\", "%", "_"]) {
      const response = await hub.fetch(`/api/models?search=${encodeURIComponent(search)}`);
      expect(response.status, search).toBe(200);
    }
  });

  it.each([
    ["/api/models?__proto__=x", '"__proto__"'],
    ["/api/models?constructor=x", '"constructor"'],
    ["/api/models/acme/known/snippets?__proto__=x", '"__proto__"'],
    ["/api/models/acme/known?prototype=1", '"prototype"'],
  ])("refuses the prototype key in %s", async (path, message) => {
    await expect400(await hub.fetch(path), message);
  });

  it.each([
    ["a tag holding a NUL", { id: "acme/nul-tag", tags: ["ok", "a\u0000b"] }, 'field "tags.1"'],
    ["a tag holding ESC", { id: "acme/esc-tag", tags: ["a\u001bb"] }, 'field "tags.0"'],
    ["a library holding CR LF", { id: "acme/crlf", library_name: "timm\r\nX: 1" }, 'field "library_name"'],
    ["a file name holding VT", { id: "acme/vt", siblings: [{ rfilename: "a\u000bb" }] }, "siblings.0.rfilename"],
    ["a NUL in free text", { id: "acme/nul-text", widgetData: [{ text: "a\u0000" }] }, 'field "widgetData.0.text"'],
    ["a __proto__ key", JSON.parse('{"id":"acme/proto","config":{"__proto__":{"x":1}}}'), 'field "config.__proto__"'],
    ["a constructor key", { id: "acme/ctor", config: { constructor: { prototype: 1 } } }, "config.constructor"],
    ["a huge string", { id: "acme/huge", config: { x: "y".repeat(300 * 1024) } }, 'field "config.x"'],
  ])("refuses a posted record with %s and writes nothing", async (_case, record, message) => {
    const before = await hub.snapshot();
    const response = await hub.admin("/api/models", jsonBody("POST", record));
    await expect400(response, message);
    expect(await hub.snapshot()).toEqual(before);
  });

  it.each([100_000, 3_000, MAX_JSON_DEPTH + 1])("refuses a body nested %i levels with a 400", async (levels) => {
    const response = await hub.admin("/api/models", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: nested(levels),
    });
    await expect400(response, `nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(await hub.store.getModel("acme/deep")).toBeNull();
  });

  it("accepts a record nested within the limit", async () => {
    const response = await hub.admin("/api/models", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: nested(MAX_JSON_DEPTH),
    });
    expect(response.status).toBe(201);
  });

  it("refuses an empty or malformed JSON body with a 400", async () => {
    const post = (body: string) =>
      hub.admin("/api/models", { method: "POST", headers: { "content-type": "application/json" }, body });
    await expect400(await post(""), "body is empty");
    await expect400(await post("{"), "not valid JSON");
  });
});
