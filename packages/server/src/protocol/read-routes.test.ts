// The read API over HTTP: revisions, tree paging, paths-info limits, raw pointers, and bad input answered with 4xx.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, rawRequest, startRepoTestApp } from "../test-utils/repo-test-app.js";

describe("the read API of model repositories", () => {
  let hub: RepoTestApp;
  let first: string;
  beforeAll(async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny"), hubModel("acme/broken")] });
    const put = (id: string, path: string, body: string) =>
      hub.admin(`/api/models/${id}/files/${path}`, { method: "PUT", body });
    await put("acme/tiny", "config.json", '{"v":1}');
    first = (await hub.repos.resolve("acme/tiny", "main")) ?? "";
    await put("acme/tiny", "config.json", '{"v":2}');
    await put("acme/tiny", "model.safetensors", "weights");
    for (let i = 0; i < 3; i++) await put("acme/tiny", `many/f${i}.txt`, `${i}`);
    await put("acme/broken", "a.txt", "a");
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  it("serves an old revision's content and names the commit", async () => {
    const old = await hub.fetch(`/acme/tiny/resolve/${first}/config.json`);
    expect([old.status, old.headers.get("x-repo-commit"), await old.text()]).toEqual([200, first, '{"v":1}']);
    const now = await hub.fetch("/acme/tiny/resolve/main/config.json");
    expect(await now.text()).toBe('{"v":2}');
    expect(now.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it("serves LFS files with X-Linked-Etag and X-Linked-Size, and their pointer through raw", async () => {
    const head = await hub.fetch("/acme/tiny/resolve/main/model.safetensors", { method: "HEAD" });
    expect(head.headers.get("x-linked-size")).toBe("7");
    expect(head.headers.get("x-linked-etag")).toMatch(/^"[0-9a-f]{64}"$/);
    const raw = await hub.fetch("/acme/tiny/raw/main/model.safetensors");
    expect(await raw.text()).toMatch(
      /^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 7\n$/,
    );
  });

  it("pages the tree with Link, and refuses a tampered cursor", async () => {
    const all = await hub.fetch("/api/models/acme/tiny/tree/main/many");
    expect(((await all.json()) as { path: string }[]).map((e) => e.path)).toEqual([
      "many/f0.txt",
      "many/f1.txt",
      "many/f2.txt",
    ]);
    for (const cursor of ["not-a-cursor", Buffer.from('{"after":5}').toString("base64url")]) {
      const bad = await hub.fetch(`/api/models/acme/tiny/tree/main?cursor=${cursor}`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain("cursor");
    }
    const missing = await hub.fetch("/api/models/acme/tiny/tree/main/nope");
    expect([missing.status, missing.headers.get("x-error-code")]).toEqual([404, "EntryNotFound"]);
  });

  it("answers unknown revisions and bad paths with 4xx and the field's error codes", async () => {
    const revision = await hub.fetch("/api/models/acme/tiny/revision/v9");
    expect([revision.status, revision.headers.get("x-error-code")]).toEqual([404, "RevisionNotFound"]);
    expect((await hub.fetch("/api/models/acme/tiny/revision/main~1")).status).toBe(400);
    const repo = await hub.fetch("/api/models/acme/nothing/revision/main");
    expect([repo.status, repo.headers.get("x-error-code")]).toEqual([404, "RepoNotFound"]);
    for (const path of [
      "/acme/tiny/resolve/main/..%2Fconfig.json",
      "/acme/tiny/resolve/main/a%00b",
      "/api/models/acme/tiny/tree/main/..%2F..",
    ]) {
      const response = await rawRequest(hub.url, "GET", path);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body.toString()).error).toBeTruthy();
    }
  });

  it("limits paths-info: too many paths is a 400, a huge body a 413", async () => {
    const ok = await hub.fetch("/api/models/acme/tiny/paths-info/main", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paths: ["config.json", "many", "nope"] }),
    });
    expect(((await ok.json()) as { type: string; path: string }[]).map((e) => [e.type, e.path])).toEqual([
      ["file", "config.json"],
      ["directory", "many"],
    ]);
    const many = await hub.fetch("/api/models/acme/tiny/paths-info/main", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paths: Array.from({ length: 1001 }, (_, i) => `p${i}`) }),
    });
    expect(many.status).toBe(400);
    const huge = await hub.fetch("/api/models/acme/tiny/paths-info/main", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paths: ["x".repeat(300_000)] }),
    });
    expect(huge.status).toBe(413);
  });

  it("answers 500 for a damaged repository only, naming nothing secret; the others keep serving", async () => {
    const gitDir = hub.repos.gitDir("acme/broken");
    rmSync(join(gitDir, "objects"), { recursive: true, force: true });
    writeFileSync(join(gitDir, "objects"), "not a folder");
    const broken = await hub.fetch("/api/models/acme/broken/tree/main");
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: string }).error).toMatch(/^Internal server error/);
    expect((await hub.fetch("/api/models/acme/tiny/tree/main")).status).toBe(200);
  });
});
