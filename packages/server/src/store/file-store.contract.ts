// The file and download half of the Store contract, run against every dialect by the dialects' store tests.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RepoFile } from "../files/repo-file.js";
import { startedBulkLoad } from "../test-utils/bulk-load.js";
import { hubModel } from "../test-utils/hub-models.js";
import { toRow } from "./model-row.js";
import type { ContractDatabase } from "./store.contract.js";
import type { Store } from "./store.js";

const sha = (n: number): string => n.toString(16).padStart(64, "0");

function file(path: string, n: number, size = n * 10, updatedAt = "2025-02-01T00:00:00.000Z"): RepoFile {
  return { path, sha256: sha(n), size, updatedAt };
}

/** Runs the file and download contract against the dialect that `create` opens. */
export function describeFileStoreContract(name: string, create: () => Promise<ContractDatabase>): void {
  describe(`Store contract, files and downloads: ${name}`, () => {
    let database: ContractDatabase;
    let store: Store;

    beforeEach(async () => {
      database = await create();
      store = await database.open();
      await store.createModel(hubModel("acme/tiny", { library_name: "timm", tags: ["vision"] }));
    });
    afterEach(async () => {
      await store.close();
      await database.drop();
    });

    it("adds a file and keeps siblings and lastModified in step", async () => {
      expect(await store.putFile("acme/tiny", file("model.safetensors", 1))).toBeNull();
      expect(await store.putFile("acme/tiny", file("config.json", 2, 20, "2025-03-01T00:00:00.000Z"))).toBeNull();
      expect(await store.listFiles("acme/tiny")).toEqual([
        file("config.json", 2, 20, "2025-03-01T00:00:00.000Z"),
        file("model.safetensors", 1),
      ]);
      const model = await store.getModel("acme/tiny");
      expect(model?.siblings).toEqual([
        { rfilename: "config.json", size: 20 },
        { rfilename: "model.safetensors", size: 10 },
      ]);
      expect(model?.lastModified).toBe("2025-03-01T00:00:00.000Z");
      expect(model?.tags).toEqual(["vision"]);
      expect(await store.getFile("acme/tiny", "config.json")).toEqual({
        file: file("config.json", 2, 20, "2025-03-01T00:00:00.000Z"),
        libraryName: "timm",
      });
    });

    it("replaces a file's content and returns the version it replaced", async () => {
      await store.putFile("acme/tiny", file("model.bin", 1));
      expect(await store.putFile("acme/tiny", file("model.bin", 2, 5_000_000_000))).toEqual(file("model.bin", 1));
      expect(await store.listFiles("acme/tiny")).toEqual([file("model.bin", 2, 5_000_000_000)]);
      expect((await store.getModel("acme/tiny"))?.siblings).toEqual([{ rfilename: "model.bin", size: 5_000_000_000 }]);
    });

    it("applies a record update in the same transaction, and nothing when it throws", async () => {
      await store.putFile("acme/tiny", file("README.md", 1), (m) => ({ ...m, pipeline_tag: "image-classification" }));
      expect((await store.getModel("acme/tiny"))?.pipeline_tag).toBe("image-classification");
      const failing = store.putFile("acme/tiny", file("config.json", 2), () => {
        throw new Error("bad config");
      });
      await expect(failing).rejects.toThrow("bad config");
      expect((await store.listFiles("acme/tiny"))?.map((f) => f.path)).toEqual(["README.md"]);
      expect((await store.getModel("acme/tiny"))?.siblings).toEqual([{ rfilename: "README.md", size: 10 }]);
    });

    it("answers false, writing nothing, for a file of an unknown model", async () => {
      expect(await store.putFile("acme/missing", file("a.bin", 1))).toBe(false);
      expect(await store.listFiles("acme/missing")).toBeNull();
      expect(await store.blobInUse(sha(1))).toBe(false);
    });

    it("deletes a file; deleting a missing one changes nothing", async () => {
      await store.putFile("acme/tiny", file("a.bin", 1));
      await store.putFile("acme/tiny", file("b.bin", 2));
      const before = await store.getModel("acme/tiny");
      expect(await store.deleteFile("acme/tiny", "missing.bin", new Date("2026-01-01T00:00:00Z"))).toBeNull();
      expect(await store.getModel("acme/tiny")).toEqual(before);
      expect(await store.deleteFile("acme/missing", "a.bin", new Date())).toBeNull();
      const removed = await store.deleteFile("acme/tiny", "a.bin", new Date("2026-01-01T00:00:00Z"));
      expect(removed).toEqual(file("a.bin", 1));
      const model = await store.getModel("acme/tiny");
      expect(model?.siblings).toEqual([{ rfilename: "b.bin", size: 20 }]);
      expect(model?.lastModified).toBe("2026-01-01T00:00:00.000Z");
      expect(await store.getFile("acme/tiny", "a.bin")).toBeNull();
    });

    it("orders files by path byte by byte", async () => {
      for (const [i, path] of ["a/b", "B.txt", "a.b", "a", "é.txt", "Z/z"].entries()) {
        await store.putFile("acme/tiny", file(path, i + 1));
      }
      expect((await store.listFiles("acme/tiny"))?.map((f) => f.path)).toEqual([
        "B.txt",
        "Z/z",
        "a",
        "a.b",
        "a/b",
        "é.txt",
      ]);
    });

    it("knows whether any file of any model uses a blob", async () => {
      await store.createModel(hubModel("acme/other"));
      await store.putFile("acme/tiny", file("a.bin", 7));
      await store.putFile("acme/other", file("copy.bin", 7));
      expect(await store.blobInUse(sha(7))).toBe(true);
      await store.deleteFile("acme/tiny", "a.bin", new Date());
      expect(await store.blobInUse(sha(7))).toBe(true);
      await store.deleteModel("acme/other");
      expect(await store.blobInUse(sha(7))).toBe(false);
    });

    it("keeps every file of concurrent uploads to one model in siblings", async () => {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => store.putFile("acme/tiny", file(`f${String(i).padStart(2, "0")}`, i + 1))),
      );
      const model = await store.getModel("acme/tiny");
      expect(model?.siblings?.map((s) => s.rfilename)).toEqual(
        Array.from({ length: 12 }, (_, i) => `f${String(i).padStart(2, "0")}`),
      );
    });

    it("replaces a model and its whole file list at once, creating it when missing", async () => {
      const created = hubModel("acme/folder", {
        library_name: "transformers",
        lastModified: "2025-04-01T00:00:00.000Z",
      });
      expect(await store.replaceModelFiles(created, [file("config.json", 1), file("model.bin", 2)])).toEqual([]);
      expect((await store.getModel("acme/folder"))?.siblings).toEqual([
        { rfilename: "config.json", size: 10 },
        { rfilename: "model.bin", size: 20 },
      ]);
      const updated = { ...created, pipeline_tag: "text-generation" };
      const removed = await store.replaceModelFiles(updated, [file("config.json", 1), file("model.bin", 3)]);
      expect(removed).toEqual([file("model.bin", 2)]);
      expect(await store.listFiles("acme/folder")).toEqual([file("config.json", 1), file("model.bin", 3)]);
      expect((await store.getModel("acme/folder"))?.pipeline_tag).toBe("text-generation");
    });

    it("counts downloads per day: downloads over the window, downloadsAllTime in total", async () => {
      await store.createModel(hubModel("acme/other", { downloads: 500 }));
      await store.addDownloads(
        [
          { modelId: "acme/tiny", day: "2025-01-01", count: 4 },
          { modelId: "acme/tiny", day: "2025-02-10", count: 2 },
          { modelId: "acme/gone", day: "2025-02-10", count: 9 },
        ],
        "2025-01-15",
      );
      await store.addDownloads([{ modelId: "acme/tiny", day: "2025-02-10", count: 1 }], "2025-01-15");
      expect(await store.getModel("acme/tiny")).toMatchObject({ downloads: 3, downloadsAllTime: 7 });
      // A model without counted downloads keeps its declared figure and has no all-time count.
      const other = await store.getModel("acme/other");
      expect(other?.downloads).toBe(500);
      expect(other).not.toHaveProperty("downloadsAllTime");
      const page = await store.listModels({ tags: [], sort: "downloads", direction: -1, limit: 10 });
      expect(page.items.map((m) => [m.id, m.downloads])).toEqual([
        ["acme/other", 500],
        ["acme/tiny", 3],
      ]);
      await store.refreshDownloads("2025-03-01");
      expect(await store.getModel("acme/tiny")).toMatchObject({ downloads: 0, downloadsAllTime: 7 });
    });

    it("keeps counted downloads when the record is replaced or upserted", async () => {
      await store.addDownloads([{ modelId: "acme/tiny", day: "2025-02-10", count: 2 }], "2025-01-15");
      await store.replaceModel(hubModel("acme/tiny", { downloads: 0 }));
      expect(await store.getModel("acme/tiny")).toMatchObject({ downloads: 2, downloadsAllTime: 2 });
      await store.upsertModels([hubModel("acme/tiny", { downloads: 1_000 })]);
      expect(await store.getModel("acme/tiny")).toMatchObject({ downloads: 2, downloadsAllTime: 2 });
    });

    it("keeps files and counted downloads when a bulk load writes the model again", async () => {
      await store.putFile("acme/tiny", file("a.bin", 1));
      await store.addDownloads([{ modelId: "acme/tiny", day: "2025-02-10", count: 2 }], "2025-01-15");
      const load = await startedBulkLoad(store);
      await load.upsert([hubModel("acme/tiny", { likes: 5 }), hubModel("acme/new")].map(toRow));
      await load.upsert([hubModel("acme/tiny", { likes: 6 })].map(toRow));
      await load.finish();
      expect(await store.listFiles("acme/tiny")).toEqual([file("a.bin", 1)]);
      expect(await store.getModel("acme/tiny")).toMatchObject({ likes: 6, downloads: 2, downloadsAllTime: 2 });
      expect((await store.getModel("acme/tiny"))?.siblings).toEqual([{ rfilename: "a.bin", size: 10 }]);
      expect(await store.blobInUse(sha(1))).toBe(true);
    });

    it("deletes files and downloads with their model", async () => {
      await store.putFile("acme/tiny", file("a.bin", 1));
      await store.addDownloads([{ modelId: "acme/tiny", day: "2025-02-10", count: 2 }], "2025-01-15");
      await store.deleteModel("acme/tiny");
      await store.createModel(hubModel("acme/tiny"));
      expect(await store.listFiles("acme/tiny")).toEqual([]);
      expect(await store.getModel("acme/tiny")).not.toHaveProperty("downloadsAllTime");
      expect((await store.getModel("acme/tiny"))?.downloads).toBe(0);
    });
  });
}
