// Model ids are unique case-insensitively, as the field's hub treats them: one model answers to every case of its
// id, with the id it was created with; another model whose id differs only in case cannot be created. Run against
// every dialect by the dialects' store tests.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import type { RepoFile } from "../files/repo-file.js";
import { startedBulkLoad } from "../test-utils/bulk-load.js";
import { hubModel } from "../test-utils/hub-models.js";
import { toRow } from "./model-row.js";
import type { ContractDatabase } from "./store.contract.js";
import type { Store } from "./store.js";

const STORED = hubModel("Reliab/Target", { library_name: "timm", tags: ["vision"], likes: 7 });
const FILE: RepoFile = { path: "a.bin", sha256: "1".repeat(64), size: 10, updatedAt: "2025-02-01T00:00:00.000Z" };

function conflictNaming(existing: string) {
  return (error: unknown) =>
    error instanceof HubError && error.code === "conflict" && error.message.includes(`"${existing}"`);
}

/** Runs the case-insensitive id contract against the dialect that `create` opens. */
export function describeCaseInsensitiveIdContract(name: string, create: () => Promise<ContractDatabase>): void {
  describe(`Store contract, case-insensitive ids: ${name}`, () => {
    let database: ContractDatabase;
    let store: Store;

    beforeEach(async () => {
      database = await create();
      store = await database.open();
      await store.createModel(STORED);
    });
    afterEach(async () => {
      await store.close();
      await database.drop();
    });

    it("refuses to create a model whose id differs only in case, naming the stored id, and writes nothing", async () => {
      await expect(store.createModel(hubModel("reliab/target", { likes: 1 }))).rejects.toSatisfy(
        conflictNaming("Reliab/Target"),
      );
      expect(await store.countModels()).toBe(1);
      expect(await store.getModel("Reliab/Target")).toEqual(STORED);
    });

    it("refuses an upsert batch holding a case variant of a stored id, writing none of the batch", async () => {
      const batch = [hubModel("other/new"), hubModel("RELIAB/target", { likes: 1 })];
      await expect(store.upsertModels(batch)).rejects.toSatisfy(conflictNaming("Reliab/Target"));
      expect(await store.getModel("other/new")).toBeNull();
      expect(await store.getModel("reliab/target")).toEqual(STORED);
      // The exact id is still an ordinary upsert.
      await store.upsertModels([hubModel("Reliab/Target", { likes: 9 })]);
      expect(await store.getModel("reliab/TARGET")).toMatchObject({ id: "Reliab/Target", likes: 9 });
    });

    it("refuses two records of one upsert batch that differ only in case", async () => {
      await expect(store.upsertModels([hubModel("Two/Case"), hubModel("two/case")])).rejects.toSatisfy(
        conflictNaming("Two/Case"),
      );
      expect(await store.getModel("two/case")).toBeNull();
    });

    it("finds the model in any case and answers with the stored id", async () => {
      expect(await store.getModel("reliab/target")).toEqual(STORED);
      expect(await store.putFile("RELIAB/TARGET", FILE)).toBeNull();
      expect(await store.listFiles("reliab/target")).toEqual([FILE]);
      expect(await store.getFile("reliab/TARGET", "a.bin")).toMatchObject({ file: FILE, libraryName: "timm" });
      await store.addDownloads([{ modelId: "reliab/target", day: "2025-02-10", count: 3 }], "2025-01-15");
      expect(await store.getModel("Reliab/Target")).toMatchObject({ id: "Reliab/Target", downloadsAllTime: 3 });
      expect(await store.setPrivate("reliab/target", true)).toBe(true);
      expect(await store.replaceModel(hubModel("reliab/target", { likes: 2 }))).toBe(true);
      expect(await store.getModel("Reliab/Target")).toMatchObject({ id: "Reliab/Target", likes: 2, private: true });
      expect(await store.deleteModel("RELIAB/target")).toBe(true);
      expect(await store.countModels({ all: true })).toBe(0);
    });

    it("writes a repository change addressed in another case to the stored model", async () => {
      await store.replaceModelFiles(hubModel("reliab/target", { likes: 3 }), [FILE]);
      await store.indexRepository("RELIAB/Target", { head: "c".repeat(40), files: [FILE], lfsObjects: [] }, (m) =>
        m ? { ...m, likes: 4 } : null,
      );
      expect(await store.countModels()).toBe(1);
      expect(await store.getModel("reliab/target")).toMatchObject({ id: "Reliab/Target", likes: 4 });
      expect(await store.indexedHead("reliab/target")).toBe("c".repeat(40));
      expect(await store.indexedRepositories()).toEqual([{ id: "Reliab/Target", head: "c".repeat(40) }]);
    });

    it("keeps the first id of a key through a bulk load and reports the later case variants", async () => {
      const load = await startedBulkLoad(store);
      await load.upsert(
        [hubModel("reliab/TARGET", { likes: 1 }), hubModel("New/One"), hubModel("Reliab/Target")].map(toRow),
      );
      await load.upsert([hubModel("new/one", { likes: 5 }), hubModel("Reliab/Target", { likes: 8 })].map(toRow));
      const collisions = await load.finish();
      expect(collisions.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        { id: "new/one", existing: "New/One" },
        { id: "reliab/TARGET", existing: "Reliab/Target" },
      ]);
      expect(await store.countModels()).toBe(2);
      expect(await store.getModel("reliab/target")).toMatchObject({ id: "Reliab/Target", likes: 8 });
      expect(await store.getModel("new/one")).toMatchObject({ id: "New/One", likes: 0 });
      // The unique key is back: a later variant is refused.
      await expect(store.createModel(hubModel("NEW/ONE"))).rejects.toSatisfy(conflictNaming("New/One"));
    });
  });
}
