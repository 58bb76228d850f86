import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importModelFolder } from "../model-folder/import-model-folder.js";
import { readModelFolder } from "../model-folder/read-model-folder.js";
import type { HubModel, ModelSummary } from "../models/hub-model.js";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, rawRequest, startRepoTestApp } from "../test-utils/repo-test-app.js";

// One library per query form of the registry's countDownloads language; each fetches every file once and
// expects exactly the files its query matches to count.
const CASES = [
  {
    form: "path",
    library: "peft",
    counted: ["adapter_config.json"],
    notCounted: ["adapter_model.safetensors", "nested/adapter_config.json", "config.json"],
  },
  {
    form: "path_extension",
    library: "fasttext",
    counted: ["model.bin", "vectors/cc.en.300.bin"],
    notCounted: ["model.bin.gz", "config.json"],
  },
  {
    form: "path_filename AND path_extension",
    library: "elm",
    counted: ["slicex_elm_config.json"],
    notCounted: ["slicex_elm_config.yaml", "config.json"],
  },
  {
    form: "path_prefix AND path_extension",
    library: "tic-clip",
    counted: ["checkpoints/a.pt", "checkpoints/b.pt"],
    notCounted: ["a.pt", "other/checkpoints/a.pt", "checkpoints/a.bin"],
  },
  {
    form: "OR of several",
    library: "timm",
    counted: ["pytorch_model.bin", "model.safetensors"],
    notCounted: ["config.json", "sub/model.safetensors"],
  },
  {
    form: "_exists_ path_prefix",
    library: "whisperkit",
    counted: ["AudioEncoder.mlmodelc/model.mil"],
    notCounted: ["model.mil", "AudioEncoder.mlmodelc/weights.bin"],
  },
  {
    form: "default list (library without a query)",
    library: "transformers",
    counted: ["config.json", "params.json"],
    notCounted: ["model.safetensors", "tokenizer.json", "sub/config.json"],
  },
  {
    form: "default list (no library)",
    library: undefined,
    counted: ["config.yaml", "meta.yaml", "hyperparams.yaml"],
    notCounted: ["weights.h5"],
  },
] as const;

async function downloads(hub: RepoTestApp, id: string): Promise<{ downloads: number; downloadsAllTime: number }> {
  const model = (await (await hub.fetch(`/api/models/${id}`)).json()) as HubModel;
  return { downloads: model.downloads, downloadsAllTime: model.downloadsAllTime ?? -1 };
}

// Waits for the batched writes: the expected count must arrive, and stay (nothing extra arrives later).
async function expectDownloads(hub: RepoTestApp, id: string, expected: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await downloads(hub, id)).downloads !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(await downloads(hub, id)).toEqual({ downloads: expected, downloadsAllTime: expected });
}

describe("download counting through HTTP", () => {
  let hub: RepoTestApp;
  beforeEach(async () => {
    hub = await startRepoTestApp({ downloadFlushMs: 10 });
  }, APP_HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  it.each(CASES)("counts by $form ($library)", async ({ library, counted, notCounted }) => {
    const id = `acme/${library ?? "plain"}`;
    await hub.store.createModel(hubModel(id, library ? { library_name: library } : {}));
    for (const path of [...counted, ...notCounted]) {
      const body = path.endsWith(".json") ? "{}" : `bytes of ${path}`;
      expect((await hub.admin(`/api/models/${id}/files/${path}`, { method: "PUT", body })).status).toBe(201);
    }
    for (const path of [...counted, ...notCounted]) {
      expect((await hub.fetch(`/${id}/resolve/main/${path}`)).status).toBe(200);
    }
    await expectDownloads(hub, id, counted.length);
  });

  it("counts GET, HEAD, ranges and revalidations; not misses or unsatisfiable ranges", async () => {
    await hub.store.createModel(hubModel("acme/timm", { library_name: "timm" }));
    await hub.admin("/api/models/acme/timm/files/model.safetensors", { method: "PUT", body: "0123456789" });
    const etag = (await hub.fetch("/acme/timm/resolve/main/model.safetensors", { method: "HEAD" })).headers.get("etag");
    expect((await rawRequest(hub.url, "HEAD", "/acme/timm/resolve/main/model.safetensors")).status).toBe(200);
    const range = await hub.fetch("/acme/timm/resolve/main/model.safetensors", { headers: { range: "bytes=0-3" } });
    expect(range.status).toBe(206);
    const revalidated = await hub.fetch("/acme/timm/resolve/main/model.safetensors", {
      headers: { "if-none-match": etag ?? "" },
    });
    expect(revalidated.status).toBe(304);
    const beyond = await hub.fetch("/acme/timm/resolve/main/model.safetensors", { headers: { range: "bytes=10-" } });
    expect(beyond.status).toBe(416);
    expect((await hub.fetch("/acme/timm/resolve/main/pytorch_model.bin")).status).toBe(404);
    // HEAD (fetch), HEAD (raw), 206, 304: four downloads.
    await expectDownloads(hub, "acme/timm", 4);
  });

  it("sorts the list by counted downloads", async () => {
    await hub.store.upsertModels([
      hubModel("acme/a", { library_name: "timm" }),
      hubModel("acme/b", { library_name: "timm" }),
    ]);
    for (const id of ["acme/a", "acme/b"]) {
      await hub.admin(`/api/models/${id}/files/model.safetensors`, { method: "PUT", body: id });
    }
    for (let i = 0; i < 3; i++) await hub.fetch("/acme/b/resolve/main/model.safetensors");
    await hub.fetch("/acme/a/resolve/main/model.safetensors");
    await expectDownloads(hub, "acme/b", 3);
    const list = (await (await hub.fetch("/api/models?sort=downloads")).json()) as ModelSummary[];
    expect(list.map((m) => [m.id, m.downloads])).toEqual([
      ["acme/b", 3],
      ["acme/a", 1],
    ]);
  });

  it("counts two fetches of config.json of the imported fixture folder: downloads = 2", async () => {
    const folder = fileURLToPath(new URL("../model-folder/__fixtures__/tiny-llama", import.meta.url));
    const deps = { store: hub.store, blobs: hub.blobs, repos: hub.repos, now: () => new Date() };
    await importModelFolder(deps, "acme/tiny-llama", await readModelFolder(folder));
    // transformers has no query of its own: the default list counts config.json, not the weights.
    for (const path of ["config.json", "config.json", "model.safetensors", "README.md"]) {
      expect((await hub.fetch(`/acme/tiny-llama/resolve/main/${path}`)).status).toBe(200);
    }
    await expectDownloads(hub, "acme/tiny-llama", 2);
  });

  it("never delays or fails a file response when counts cannot be written", async () => {
    await hub.store.createModel(hubModel("acme/timm", { library_name: "timm" }));
    await hub.admin("/api/models/acme/timm/files/model.safetensors", { method: "PUT", body: "w" });
    const original = hub.store.addDownloads;
    let attempts = 0;
    hub.store.addDownloads = async () => {
      attempts++;
      throw new Error("database is locked");
    };
    for (let i = 0; i < 5; i++) expect((await hub.fetch("/acme/timm/resolve/main/model.safetensors")).status).toBe(200);
    while (attempts === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    hub.store.addDownloads = original;
    await expectDownloads(hub, "acme/timm", 5);
  });
});
