// Model ids are case-insensitive over HTTP, as on the field's hub: every route finds `Reliab/Target` as
// `reliab/target` and answers with the stored id; creating a case variant is a 409 naming the stored model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { jsonBody } from "../test-utils/test-app.js";

let hub: RepoTestApp;
beforeAll(async () => {
  hub = await startRepoTestApp();
  const created = await hub.admin("/api/repos/create", jsonBody("POST", { name: "Target", organization: "Reliab" }));
  expect(created.status).toBe(200);
}, APP_HOOK_TIMEOUT_MS);
afterAll(() => hub.close(), APP_HOOK_TIMEOUT_MS);

async function stored(): Promise<string[]> {
  const page = await hub.store.listModels({ tags: [], sort: "id", direction: 1, limit: 10, visibility: { all: true } });
  return page.items.map((m) => m.id);
}

describe("model ids differing only in case", () => {
  it("POST /api/models of a case variant is a 409 naming the stored id, and writes nothing", async () => {
    const response = await hub.admin("/api/models", jsonBody("POST", { id: "reliab/target", tags: ["x"] }));
    expect(response.status).toBe(409);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await response.json()) as { error: string }).error).toContain('"Reliab/Target"');
    expect(await stored()).toEqual(["Reliab/Target"]);
  });

  it("POST /api/repos/create of a case variant is a 409 naming the stored repository", async () => {
    const response = await hub.admin("/api/repos/create", jsonBody("POST", { name: "TARGET", organization: "reliab" }));
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; url: string };
    expect(body).toEqual({
      error: "You already created this model repo: Reliab/Target",
      url: `${hub.url}/Reliab/Target`,
    });
    expect(await stored()).toEqual(["Reliab/Target"]);
  });

  it("model info, revision, resolve and snippets find the model in any case and answer with its id", async () => {
    const info = await hub.fetch("/api/models/reliab/target");
    expect(info.status).toBe(200);
    const { id, sha } = (await info.json()) as { id: string; sha: string };
    expect(id).toBe("Reliab/Target");
    const revision = await hub.fetch("/api/models/RELIAB/TARGET/revision/main");
    expect((await revision.json()) as { id: string; sha: string }).toMatchObject({ id: "Reliab/Target", sha });
    const resolved = await hub.fetch("/reliab/TARGET/resolve/main/.gitattributes");
    expect(resolved.status).toBe(200);
    expect(await resolved.text()).toContain("filter=lfs");
    const snippets = await hub.fetch("/api/models/reliab/target/snippets");
    expect(snippets.status).toBe(200);
    expect(JSON.stringify(await snippets.json())).toContain("Reliab/Target");
  });
});
