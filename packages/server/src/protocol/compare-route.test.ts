// GET /api/models/{id}/compare/{a}..{b}: git's diff between two revisions, which `git apply` takes back to the
// newer files; bad ranges are 400s, unknown revisions 404 RevisionNotFound.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { parseCompareRange } from "./compare-route.js";

describe("comparing two revisions", () => {
  let hub: RepoTestApp;
  let first: string;
  beforeAll(async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny")] });
    const put = (path: string, body: string) =>
      hub.admin(`/api/models/acme/tiny/files/${path}`, { method: "PUT", body });
    await put("config.json", '{\n  "hidden_size": 64\n}\n');
    await put("notes.txt", "one\ntwo\n");
    first = (await hub.repos.resolve("acme/tiny", "main")) ?? "";
    await put("config.json", '{\n  "hidden_size": 128\n}\n');
    await put("model.safetensors", "weights");
    await hub.admin("/api/models/acme/tiny/files/notes.txt", { method: "DELETE" });
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  it("answers git's diff, LFS files as their pointers, which git apply turns into the newer files", async () => {
    const res = await hub.fetch(`/api/models/acme/tiny/compare/${first}..main`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const diff = await res.text();
    expect(diff).toContain("diff --git a/config.json b/config.json");
    expect(diff).toContain('-  "hidden_size": 64');
    expect(diff).toContain('+  "hidden_size": 128');
    expect(diff).toContain("deleted file mode 100644");
    expect(diff).toMatch(/\+oid sha256:[0-9a-f]{64}\n\+size 7\n/);

    const work = mkdtempSync(join(tmpdir(), "modelhub-compare-"));
    try {
      writeFileSync(join(work, "config.json"), '{\n  "hidden_size": 64\n}\n');
      writeFileSync(join(work, "notes.txt"), "one\ntwo\n");
      writeFileSync(join(work, "change.diff"), diff);
      execFileSync("git", ["apply", "change.diff"], { cwd: work });
      expect(readFileSync(join(work, "config.json"), "utf8")).toBe('{\n  "hidden_size": 128\n}\n');
      expect(() => readFileSync(join(work, "notes.txt"))).toThrow();
      expect(readFileSync(join(work, "model.safetensors"), "utf8")).toMatch(/^version https:\/\/git-lfs/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("answers an empty diff for the same commit, and the reverse diff the other way", async () => {
    expect(await (await hub.fetch("/api/models/acme/tiny/compare/main..main")).text()).toBe("");
    const back = await (await hub.fetch(`/api/models/acme/tiny/compare/main..${first}`)).text();
    expect(back).toContain('+  "hidden_size": 64');
    expect(back).toContain("new file mode 100644");
  });

  it("refuses bad ranges with a 400 and unknown revisions or models with the field's 404s", async () => {
    for (const range of ["main", "main..main..main", "main~1..main", "..main", "main..%40%7B-1%7D"]) {
      const res = await hub.fetch(`/api/models/acme/tiny/compare/${range}`);
      expect(res.status, range).toBe(400);
      expect(((await res.json()) as { error: string }).error, range).not.toBe("");
    }
    const unknown = await hub.fetch("/api/models/acme/tiny/compare/main..v9");
    expect([unknown.status, unknown.headers.get("x-error-code")]).toEqual([404, "RevisionNotFound"]);
    const missing = await hub.fetch("/api/models/acme/nope/compare/main..main");
    expect([missing.status, missing.headers.get("x-error-code")]).toEqual([404, "RepoNotFound"]);
  });

  it("splits a range into its two revisions", () => {
    expect(parseCompareRange("v1.0..feature/x")).toEqual({ from: "v1.0", to: "feature/x" });
    expect(() => parseCompareRange("a...b")).toThrow(/not a range|invalid revision/);
  });
});
