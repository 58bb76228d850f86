// The vendored Python huggingface_hub against a real hub: every read call a user makes, with HF_ENDPOINT set.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { PYTHON, skipUnlessPythonClient, VENDOR_PYTHONPATH } from "../test-utils/vendored-python.js";

const SCRIPT = fileURLToPath(new URL("./python-client.py", import.meta.url));
const WEIGHTS = Buffer.alloc(300_000, 7);
const CARD = "---\nlicense: mit\ntags: [vision]\n---\n# Tiny\n";

describe.skipIf(skipUnlessPythonClient())("the vendored Python huggingface_hub against the hub", () => {
  let hub: RepoTestApp;
  let work: string;
  let result: Record<string, unknown>;
  let oldCommit: string;
  let head: string;

  beforeAll(async () => {
    hub = await startRepoTestApp({
      models: [hubModel("acme/tiny-model", { likes: 5 }), hubModel("acme/other", { likes: 9 })],
    });
    const put = async (path: string, body: string | Buffer) => {
      const response = await hub.admin(`/api/models/acme/tiny-model/files/${path}`, { method: "PUT", body });
      expect(response.status).toBeLessThan(300);
    };
    await put("README.md", CARD);
    await put("config.json", '{"v": 1}');
    await put("weights/model.safetensors", WEIGHTS);
    oldCommit = (await hub.repos.resolve("acme/tiny-model", "main")) ?? "";
    await put("config.json", '{"v": 2}');
    head = (await hub.repos.resolve("acme/tiny-model", "main")) ?? "";
    work = mkdtempSync(join(tmpdir(), "modelhub-python-"));
    const { stdout } = await promisify(execFile)(PYTHON, [SCRIPT, "acme/tiny-model", oldCommit, work], {
      env: {
        PATH: process.env.PATH ?? "",
        PYTHONPATH: VENDOR_PYTHONPATH,
        HF_ENDPOINT: hub.url,
        HF_HOME: join(work, "home"),
        HF_HUB_DISABLE_XET: "1",
        HF_HUB_DISABLE_TELEMETRY: "1",
        HF_HUB_DISABLE_PROGRESS_BARS: "1",
      },
      maxBuffer: 10 * 1024 * 1024,
    });
    result = JSON.parse(stdout) as Record<string, unknown>;
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  }, APP_HOOK_TIMEOUT_MS);

  it("lists models: search, author, filter, sort, expand, full", () => {
    expect(result.list_search).toEqual(["acme/tiny-model"]);
    expect(result.list_author).toEqual(expect.arrayContaining(["acme/tiny-model", "acme/other"]));
    expect(result.list_filter).toEqual(["acme/tiny-model"]);
    expect(result.list_sort).toEqual(["acme/other", "acme/tiny-model"]);
    expect(result.list_expand).toEqual([
      { id: "acme/tiny-model", sha: head, siblings: ["README.md", "config.json", "weights/model.safetensors"] },
    ]);
    expect(result.list_full).toEqual(expect.arrayContaining([{ id: "acme/tiny-model", sha: head, private: false }]));
  });

  it("reads model info with file metadata, and at an older revision", () => {
    const sha256 = createHash("sha256").update(WEIGHTS).digest("hex");
    expect(result.model_info).toMatchObject({
      id: "acme/tiny-model",
      sha: head,
      private: false,
      card: { license: "mit", tags: ["vision"] },
      siblings: [
        { name: "README.md", size: CARD.length, lfs: null },
        { name: "config.json", size: 8, lfs: null },
        { name: "weights/model.safetensors", size: WEIGHTS.length, lfs: sha256 },
      ],
    });
    expect(result.model_info_old).toEqual(["README.md", "config.json", "weights/model.safetensors"]);
  });

  it("lists files, the tree, refs, commits and paths info", () => {
    expect(result.list_repo_files).toEqual(["README.md", "config.json", "weights/model.safetensors"]);
    expect(result.list_repo_tree).toEqual([
      ["RepoFile", "README.md"],
      ["RepoFile", "config.json"],
      ["RepoFile", "weights/model.safetensors"],
      ["RepoFolder", "weights"],
    ]);
    // No scanner runs on this hub: files say "unscanned" (so never safe), folders carry no security status.
    expect(result.list_repo_tree_expand).toEqual([
      ["README.md", "Upload README.md", ["unscanned", false]],
      ["config.json", "Upload config.json", ["unscanned", false]],
      ["weights", "Upload weights/model.safetensors", null],
    ]);
    expect(result.refs).toEqual([["main", head]]);
    expect((result.commits as string[][]).map((c) => c[1])).toEqual([
      "Upload config.json",
      "Upload weights/model.safetensors",
      "Upload config.json",
      "Upload README.md",
    ]);
    expect((result.commits as string[][])[0]?.[0]).toBe(head);
    expect(result.paths_info).toEqual([
      ["RepoFile", "config.json"],
      ["RepoFolder", "weights"],
    ]);
  });

  it("answers exists checks true and false, and a missing file raises EntryNotFoundError", () => {
    expect(result.exists).toEqual({ repo: true, repo_missing: false, file: true, file_missing: false });
    expect(result.download_missing).toBe("EntryNotFoundError");
  });

  it("downloads into the cache and a local folder, snapshots main and an older commit, and `hf download`", () => {
    expect(result.hf_hub_download_cache).toBe('{"v": 2}');
    expect(result.hf_hub_download_local_dir).toBe(WEIGHTS.length);
    expect(result.snapshot_main).toEqual({
      "README.md": CARD.length,
      "config.json": 8,
      "weights/model.safetensors": WEIGHTS.length,
    });
    expect(result.snapshot_main_config).toBe('{"v": 2}');
    expect(result.snapshot_old_config).toBe('{"v": 1}');
    expect(result.hf_download_cli).toEqual({ code: 0, content: '{"v": 2}' });
  });
});
