// A repository started through the upload API (`POST /api/repos/create`) begins, as on the field's hubs, with a
// commit holding the default .gitattributes built from the hub's LFS rules (repos/lfs-rules.ts): a clone's git and
// git-lfs then treat exactly the files the hub stores as LFS objects as LFS files.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GITATTRIBUTES, isLfsFile, LFS_PATTERNS } from "../../repos/lfs-rules.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../../test-utils/repo-test-app.js";
import { type GitSandbox, gitSandbox, hasGitLfs } from "../test-git.js";

const lfsAvailable = await hasGitLfs();
if (!lfsAvailable && process.env.CI) throw new Error("git-lfs is required under CI=1 (apt-get install git-lfs)");

// Paths on both sides of the rules: weights, archives and arrays by name, in folders too, and plain text.
const PATHS = [
  "model.safetensors",
  "unet/diffusion_pytorch_model.bin",
  "model-q4_k_m.gguf",
  "data/train.parquet",
  "saved_model/variables/variables.data-00000-of-00001",
  "runs/events.out.tfevents.1700000000.host",
  "weights.tar.gz",
  "config.json",
  "tokenizer.json",
  "README.md",
  "src/model.py",
];

describe.skipIf(!lfsAvailable)("a repository created through the upload API", () => {
  let hub: RepoTestApp;
  let box: GitSandbox;
  let clone: string;

  beforeAll(async () => {
    if (!lfsAvailable) console.warn("skipping the .gitattributes clone test: git-lfs is not installed");
    hub = await startRepoTestApp({ models: [] });
    box = await gitSandbox({ lfs: true });
    const created = await hub.admin("/api/repos/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "acme/fresh" }),
    });
    expect(created.status).toBe(200);
    clone = join(box.root, "fresh");
    await box.git(["clone", `${hub.url}/acme/fresh`, clone]);
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub?.close();
    box?.close();
  }, APP_HOOK_TIMEOUT_MS);

  it("starts with one commit holding the default .gitattributes", async () => {
    expect(readFileSync(join(clone, ".gitattributes"), "utf8")).toBe(DEFAULT_GITATTRIBUTES);
    expect((await box.git(["-C", clone, "log", "--format=%s"])).stdout.trim()).toBe("initial commit");
  });

  it("lets git-lfs in the clone see every pattern of the hub's LFS rules", async () => {
    const tracked = (await box.git(["-C", clone, "lfs", "track"])).stdout;
    for (const pattern of LFS_PATTERNS) expect(tracked, pattern).toContain(`${pattern} (.gitattributes)`);
  });

  it("makes git treat as LFS exactly the files the hub stores as LFS objects", async () => {
    const output = (await box.git(["-C", clone, "check-attr", "filter", "--", ...PATHS])).stdout;
    const byGit = Object.fromEntries(
      output
        .trim()
        .split("\n")
        .map((line) => {
          const [path = "", , value = ""] = line.split(": ");
          return [path, value === "lfs"];
        }),
    );
    expect(byGit).toEqual(Object.fromEntries(PATHS.map((path) => [path, isLfsFile(path, 1)])));
    expect(Object.values(byGit).filter(Boolean)).toHaveLength(7);
  });

  it("stores a weights file committed in the clone as an LFS pointer", async () => {
    writeFileSync(join(clone, "model.safetensors"), Buffer.alloc(4096, 7));
    writeFileSync(join(clone, "config.json"), "{}\n");
    await box.git(["-C", clone, "add", "model.safetensors", "config.json"]);
    await box.git(["-C", clone, "commit", "-m", "weights"]);
    expect((await box.git(["-C", clone, "lfs", "ls-files", "-n"])).stdout.trim()).toBe("model.safetensors");
    const stored = (await box.git(["-C", clone, "cat-file", "-p", "HEAD:model.safetensors"])).stdout;
    expect(stored).toMatch(/^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 4096\n$/);
  });
});
