import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ModelFileError } from "../card/model-file-error.js";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { importModelFolder } from "./import-model-folder.js";
import { readModelFolder } from "./read-model-folder.js";

const fixture = (name: string): string => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

describe("importModelFolder", () => {
  let hub: RepoTestApp;
  const now = () => new Date("2025-06-01T12:00:00.000Z");
  const deps = () => ({ store: hub.store, blobs: hub.blobs, repos: hub.repos, now });
  beforeEach(async () => {
    hub = await startRepoTestApp();
  }, APP_HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  it("creates a model from the fixture folder: card and config fields, every file stored", async () => {
    const started: string[] = [];
    const progress: { path: string; done: number; total: number }[] = [];
    const result = await importModelFolder(deps(), "acme/tiny-llama", await readModelFolder(fixture("tiny-llama")), {
      onFileStart: (file) => started.push(file.path),
      onProgress: (p) => progress.push(p),
    });
    expect(result.created).toBe(true);
    expect(result.removed).toEqual([]);
    const model = await hub.store.getModel("acme/tiny-llama");
    expect(model).toMatchObject({
      id: "acme/tiny-llama",
      author: "acme",
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["llama", "conversational", "license:apache-2.0", "base_model:acme/llama-base", "dataset:acme/stories"],
      widgetData: [{ text: "Once upon a time", example_title: "Story" }],
      config: { architectures: ["LlamaForCausalLM"], model_type: "llama", hidden_size: 64 },
      transformersInfo: {
        auto_model: "AutoModelForCausalLM",
        processor: "AutoTokenizer",
        pipeline_tag: "text-generation",
      },
      lastModified: "2025-06-01T12:00:00.000Z",
      createdAt: "2025-06-01T12:00:00.000Z",
    });
    const names = [
      "README.md",
      "config.json",
      "generation_config.json",
      "model.safetensors",
      "onnx/model.onnx",
      "tokenizer.json",
    ];
    expect(model?.siblings?.map((s) => s.rfilename)).toEqual(names);
    expect(model?.siblings?.find((s) => s.rfilename === "model.safetensors")?.size).toBe(150);
    expect(started).toEqual(names);
    expect(progress.at(-1)).toMatchObject({ path: "tokenizer.json" });
    expect(progress.filter((p) => p.done === p.total).map((p) => p.path)).toEqual(names);
    // Weights are LFS objects in the blob store; the rest are git blobs in one commit on main.
    expect(await hub.blobFiles()).toHaveLength(2);
    const head = await hub.repos.resolve("acme/tiny-llama", "main");
    const snapshot = await hub.repos.snapshot("acme/tiny-llama", head ?? "");
    expect(snapshot.files.map((f) => [f.path, f.lfs !== null])).toEqual(
      names.map((n) => [n, /\.(onnx|safetensors)$/.test(n)]),
    );

    const served = await hub.fetch("/acme/tiny-llama/resolve/main/onnx/model.onnx");
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(115);
  });

  it("updates a model from a changed folder: the files become the folder's, other fields are kept", async () => {
    await hub.store.createModel(hubModel("acme/tiny-llama", { likes: 12, tags: ["old"] }));
    const folder = await mkdtemp(join(tmpdir(), "modelhub-folder-"));
    try {
      await cp(fixture("tiny-llama"), folder, { recursive: true });
      await importModelFolder(deps(), "acme/tiny-llama", await readModelFolder(folder));
      await rm(join(folder, "onnx"), { recursive: true });
      await writeFile(join(folder, "tokenizer.json"), '{"version": "2.0"}');
      const result = await importModelFolder(deps(), "acme/tiny-llama", await readModelFolder(folder));
      expect(result.created).toBe(false);
      expect(result.removed.map((f) => f.path).sort()).toEqual(["onnx/model.onnx", "tokenizer.json"]);
      const model = await hub.store.getModel("acme/tiny-llama");
      expect(model?.likes).toBe(12);
      expect(model?.createdAt).toBe("2023-01-01T00:00:00.000Z");
      expect(model?.siblings?.map((s) => s.rfilename)).toEqual([
        "README.md",
        "config.json",
        "generation_config.json",
        "model.safetensors",
        "tokenizer.json",
      ]);
      // The old revision still has onnx/model.onnx, so its object stays.
      expect(await hub.blobFiles()).toHaveLength(2);
      expect((await hub.fetch("/acme/tiny-llama/resolve/main/onnx/model.onnx")).status).toBe(404);
      const { commits } = await hub.repos.history(
        "acme/tiny-llama",
        (await hub.repos.resolve("acme/tiny-llama", "main")) ?? "",
        {
          skip: 0,
          limit: 10,
        },
      );
      expect(commits.map((c) => c.title)).toEqual(["Re-import model folder", "Re-import model folder"]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it.each([
    ["bad-yaml", "README.md", null, /^README\.md: front matter is not valid YAML on line 3, column 19: Flow sequence/],
    ["bad-config", "config.json", "architectures", /^config\.json: field "architectures": /],
  ])("refuses %s with an error naming %s, writing nothing", async (name, file, field, message) => {
    const failure = importModelFolder(deps(), "acme/broken", await readModelFolder(fixture(name)));
    await expect(failure).rejects.toBeInstanceOf(ModelFileError);
    await expect(failure).rejects.toMatchObject({ file, field, message: expect.stringMatching(message) });
    expect(await hub.store.getModel("acme/broken")).toBeNull();
    expect(await hub.blobFiles()).toEqual([]);
  });

  it("refuses an invalid model id, writing nothing", async () => {
    const failure = importModelFolder(deps(), "no-namespace", await readModelFolder(fixture("tiny-llama")));
    await expect(failure).rejects.toThrow('invalid model id "no-namespace"');
    expect(await hub.blobFiles()).toEqual([]);
  });
});
