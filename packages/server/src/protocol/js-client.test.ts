// The JS `@huggingface/hub` client against a real hub: listModels, modelInfo, listFiles, fileExists, downloadFile,
// snapshotDownload, with `hubUrl` pointing at the hub.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadFile, fileExists, listFiles, listModels, modelInfo, snapshotDownload } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";

describe("the JS @huggingface/hub client against the hub", () => {
  let hub: RepoTestApp;
  let work: string;
  const repo = { type: "model" as const, name: "acme/tiny-js" };
  beforeAll(async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny-js")] });
    for (const [path, body] of [
      ["config.json", '{"v": 1}'],
      ["weights/model.safetensors", "weights"],
    ]) {
      expect((await hub.admin(`/api/models/acme/tiny-js/files/${path}`, { method: "PUT", body })).status).toBe(201);
    }
    work = mkdtempSync(join(tmpdir(), "modelhub-js-"));
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
    rmSync(work, { recursive: true, force: true });
  }, APP_HOOK_TIMEOUT_MS);

  it("lists models and reads one's info", async () => {
    const ids: string[] = [];
    for await (const model of listModels({ hubUrl: hub.url, search: { query: "tiny" } })) ids.push(model.name);
    expect(ids).toEqual(["acme/tiny-js"]);
    const info = await modelInfo({ hubUrl: hub.url, name: "acme/tiny-js" });
    expect(info).toMatchObject({ name: "acme/tiny-js", private: false });
  });

  it("lists files and answers fileExists true and false", async () => {
    const paths: string[] = [];
    for await (const entry of listFiles({ hubUrl: hub.url, repo, recursive: true })) paths.push(entry.path);
    expect(paths.sort()).toEqual(["config.json", "weights", "weights/model.safetensors"]);
    expect(await fileExists({ hubUrl: hub.url, repo, path: "config.json" })).toBe(true);
    expect(await fileExists({ hubUrl: hub.url, repo, path: "missing.txt" })).toBe(false);
  });

  it("downloads a file and a snapshot", async () => {
    const blob = await downloadFile({ hubUrl: hub.url, repo, path: "config.json" });
    expect(await blob?.text()).toBe('{"v": 1}');
    const folder = await snapshotDownload({ hubUrl: hub.url, repo, cacheDir: work });
    expect(readFileSync(join(folder, "weights/model.safetensors"), "utf8")).toBe("weights");
  });
});
