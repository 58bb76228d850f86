// The field's write protocol through HTTP: create, preupload, the NDJSON commit (one commit, all or nothing, 412 on a
// stale parent), settings and delete, with the caller's roles checked.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadLfsObject } from "../../test-utils/lfs-client.js";
import { useSeededRepoHub } from "../../test-utils/seeded-repo-hub.js";

const { hub, fx } = useSeededRepoHub();

const as = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
});
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const ndjson = (lines: unknown[]): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-ndjson" },
  body: lines.map((l) => JSON.stringify(l)).join("\n"),
});
const header = (summary: string, parentCommit?: string) => ({
  key: "header",
  value: { summary, description: "", ...(parentCommit ? { parentCommit } : {}) },
});
const file = (path: string, text: string) => ({
  key: "file",
  value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
});

async function create(token: string, body: Record<string, unknown>) {
  return hub.fetch("/api/repos/create", as(token, json("POST", { type: "model", ...body })));
}
async function head(id: string): Promise<string> {
  const files = (await (await hub.fetch(`/api/models/${id}`, as(fx.aliceWrite))).json()) as { id: string };
  expect(files.id).toBe(id);
  const repos = await hub.store.indexedHead(id);
  return repos ?? "";
}
async function commit(id: string, lines: unknown[], token = fx.aliceWrite) {
  return hub.fetch(`/api/models/${id}/commit/main`, as(token, ndjson(lines)));
}

describe("POST /api/repos/create", () => {
  it("creates public and private repositories in a namespace the caller writes, with a first commit", async () => {
    const pub = await create(fx.aliceWrite, { name: "pub", organization: "acme" });
    expect([pub.status, ((await pub.json()) as { url: string }).url]).toEqual([200, `${hub.url}/acme/pub`]);
    expect((await create(fx.aliceWrite, { name: "priv", organization: "acme", private: true })).status).toBe(200);
    expect((await hub.fetch("/api/models/acme/priv")).status).toBe(404);
    expect((await hub.fetch("/api/models/acme/priv", as(fx.ritaWrite))).status).toBe(200);
    expect((await hub.fetch("/api/models/acme/pub/files")).status).toBe(200);
    expect(await head("acme/pub")).toMatch(/^[0-9a-f]{40}$/);
    const mine = await create(fx.bobWrite, { name: "own" });
    expect(((await mine.json()) as { url: string }).url).toBe(`${hub.url}/bob/own`);
  });

  it("refuses others' namespaces, read tokens, anonymous callers and existing names", async () => {
    expect((await create(fx.bobWrite, { name: "x", organization: "acme" })).status).toBe(403);
    expect((await create(fx.aliceRead, { name: "x", organization: "acme" })).status).toBe(403);
    expect((await create(fx.ritaWrite, { name: "x", organization: "acme" })).status).toBe(403);
    expect((await hub.fetch("/api/repos/create", json("POST", { name: "x" }))).status).toBe(401);
    expect((await create(fx.aliceWrite, { name: "pub", organization: "acme" })).status).toBe(409);
    expect((await create(fx.aliceWrite, { name: "bad..name", organization: "acme" })).status).toBe(400);
    expect((await create(fx.aliceWrite, { name: "ds", organization: "acme", type: "dataset" })).status).toBe(400);
    expect((await hub.fetch("/api/models/acme/x")).status).toBe(404);
  });
});

describe("preupload and commit", () => {
  beforeAll(async () => {
    await create(fx.aliceWrite, { name: "work", organization: "acme" });
  });

  it("decides regular or LFS per file as the field does", async () => {
    const files = [
      { path: "config.json", sample: "", size: 20 },
      { path: "model.safetensors", sample: "", size: 20 },
      { path: "notes.txt", sample: "", size: 20 * 1024 * 1024 },
    ];
    const response = await hub.fetch(
      "/api/models/acme/work/preupload/main",
      as(fx.aliceWrite, json("POST", { files })),
    );
    const modes = ((await response.json()) as { files: { path: string; uploadMode: string }[] }).files;
    expect(modes.map((f) => f.uploadMode)).toEqual(["regular", "lfs", "lfs"]);
  });

  it("commits files in one commit and refreshes the record and snippets", async () => {
    const before = await head("acme/work");
    const readme = "---\nlibrary_name: transformers\npipeline_tag: text-classification\n---\n# Work\n";
    const response = await commit("acme/work", [
      header("Add card and config", before),
      file("README.md", readme),
      file("config.json", '{"architectures":["BertForSequenceClassification"],"model_type":"bert"}'),
      file("sub/a.txt", "a"),
      file("sub/b.txt", "b"),
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { commitOid: string; commitUrl: string };
    expect(body.commitUrl).toBe(`${hub.url}/acme/work/commit/${body.commitOid}`);
    expect(await head("acme/work")).toBe(body.commitOid);
    const model = (await (await hub.fetch("/api/models/acme/work")).json()) as Record<string, unknown>;
    expect(model).toMatchObject({ library_name: "transformers", pipeline_tag: "text-classification" });
    const snippets = (await (await hub.fetch("/api/models/acme/work/snippets")).json()) as {
      libraries: { key: string }[];
    };
    expect(snippets.libraries.map((l) => l.key)).toContain("transformers");
    expect(await (await hub.fetch("/acme/work/resolve/main/sub/a.txt")).text()).toBe("a");

    const folder = await commit("acme/work", [header("Drop sub"), { key: "deletedFolder", value: { path: "sub/" } }]);
    expect(folder.status).toBe(200);
    expect((await hub.fetch("/acme/work/resolve/main/sub/a.txt")).status).toBe(404);
  });

  it("takes an uploaded LFS object by sha256 and refuses one that was never uploaded", async () => {
    const bytes = Buffer.from("pretend weights");
    expect(await uploadLfsObject(hub.url, "acme/work", fx.aliceWrite, bytes)).toBe(200);
    const sha = createHash("sha256").update(bytes).digest("hex");
    const ok = await commit("acme/work", [
      header("Add weights"),
      { key: "lfsFile", value: { path: "model.safetensors", algo: "sha256", oid: sha, size: bytes.length } },
    ]);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await (await hub.fetch("/acme/work/resolve/main/model.safetensors")).arrayBuffer())).toEqual(
      bytes,
    );
    const missing = await commit("acme/work", [
      header("Add ghost"),
      { key: "lfsFile", value: { path: "ghost.bin", algo: "sha256", oid: "0".repeat(64), size: 3 } },
    ]);
    expect(missing.status).toBe(400);
  });

  it("refuses bad input with a 4xx and leaves the head where it was", async () => {
    const before = await head("acme/work");
    const cases: [unknown[] | string, number][] = [
      [[header("x"), file("../escape.txt", "x")], 400],
      [[header("x"), file("a\u0000b.txt", "x")], 400],
      [[header("x"), file("/abs.txt", "x")], 400],
      [[header("x"), file(".git/config", "x")], 400],
      [[header("x"), file("ok.txt", "x"), { key: "file", value: { path: "y.txt", content: "not base64!" } }], 400],
      [[file("ok.txt", "x")], 400],
      [[header("x"), { key: "mystery", value: {} }], 400],
      ["{not json", 400],
      [[header("x"), { key: "deletedFile", value: { path: "never-there.txt" } }], 404],
      [[header("x", "0".repeat(40)), file("ok.txt", "x")], 412],
    ];
    for (const [lines, status] of cases) {
      const init = typeof lines === "string" ? { ...ndjson([]), body: lines } : ndjson(lines);
      const response = await hub.fetch("/api/models/acme/work/commit/main", as(fx.aliceWrite, init));
      expect([JSON.stringify(lines).slice(0, 60), response.status]).toEqual([
        JSON.stringify(lines).slice(0, 60),
        status,
      ]);
      expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    expect((await commit("acme/work", [header("x"), file("ok.txt", "x")], fx.aliceRead)).status).toBe(403);
    expect((await commit("acme/work", [header("x"), file("ok.txt", "x")], fx.bobWrite)).status).toBe(403);
    expect(await head("acme/work")).toBe(before);
    expect((await hub.fetch("/acme/work/resolve/main/ok.txt")).status).toBe(404);
  });

  it("lets one of two commits racing on the same parent through, and answers the other 412", async () => {
    const parent = await head("acme/work");
    const [a, b] = await Promise.all([
      commit("acme/work", [header("A", parent), file("race.txt", "A")]),
      commit("acme/work", [header("B", parent), file("race.txt", "B")]),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? "A" : "B";
    expect(await (await hub.fetch("/acme/work/resolve/main/race.txt")).text()).toBe(winner);
  });
});

describe("settings and delete", () => {
  beforeAll(async () => {
    await create(fx.aliceWrite, { name: "togg", organization: "acme" });
  });

  it("switches visibility for namespace admins only", async () => {
    const settings = (token: string, body: unknown) =>
      hub.fetch("/api/repos/models/acme/togg/settings", as(token, json("PUT", body)));
    expect((await settings(fx.aliceWrite, { private: true })).status).toBe(403);
    expect((await settings(fx.olgaWrite, { private: true })).status).toBe(200);
    expect((await hub.fetch("/api/models/acme/togg")).status).toBe(404);
    const ids = async () =>
      ((await (await hub.fetch("/api/models?search=togg")).json()) as { id: string }[]).map((m) => m.id);
    expect(await ids()).toEqual([]);
    expect((await settings(fx.olgaWrite, { private: false })).status).toBe(200);
    expect(await ids()).toEqual(["acme/togg"]);
    expect((await settings(fx.olgaWrite, { gated: "auto" })).status).toBe(400);
  });

  it("deletes for namespace admins; others get 403, or 404 when they cannot see it", async () => {
    await create(fx.aliceWrite, { name: "hidden", organization: "acme", private: true });
    const del = (token: string, name: string) =>
      hub.fetch("/api/repos/delete", as(token, json("DELETE", { type: "model", name, organization: "acme" })));
    expect((await del(fx.aliceWrite, "togg")).status).toBe(403);
    expect((await del(fx.bobWrite, "hidden")).status).toBe(404);
    expect((await del(fx.olgaWrite, "togg")).status).toBe(200);
    expect((await hub.fetch("/api/models/acme/togg")).status).toBe(404);
    expect((await del(fx.olgaWrite, "togg")).status).toBe(404);
  });
});
