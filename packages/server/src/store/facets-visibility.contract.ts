// The facet counts beside a list leave out the private models a reader may not see (counted over every model, less
// the hidden ones), and count those it may see.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import type { ContractDatabase } from "./store.contract.js";
import type { Store } from "./store.js";

/** Runs the facet visibility contract against the dialect that `create` opens. */
export function describeFacetVisibilityContract(name: string, create: () => Promise<ContractDatabase>): void {
  describe(`Store contract, facets and private models: ${name}`, () => {
    let database: ContractDatabase;
    let store: Store;

    beforeEach(async () => {
      database = await create();
      store = await database.open();
      const tg = "text-generation";
      await store.createModel(hubModel("a/one", { library_name: "transformers", pipeline_tag: tg, tags: ["x", "y"] }));
      await store.createModel(hubModel("a/two", { library_name: "timm", pipeline_tag: tg, tags: ["y", "secret"] }));
      await store.createModel(hubModel("b/three", { library_name: "transformers", tags: ["y"] }));
      await store.setPrivate("a/two", true);
    });
    afterEach(async () => {
      await store.close();
      await database.drop();
    });

    it("counts only what the reader may see, under the other filters", async () => {
      const anyone = await store.listTotals({ tags: [] }, 5);
      expect(anyone).toEqual({
        total: { count: 2, exact: true },
        libraries: [{ id: "transformers", count: 2 }],
        pipelines: [{ id: "text-generation", count: 1 }],
        tags: [
          { id: "y", count: 2 },
          { id: "x", count: 1 },
        ],
      });
      const member = await store.listTotals(
        { pipelineTag: "text-generation", tags: [], visibility: { namespaces: ["a"] } },
        2,
      );
      expect(member.total).toEqual({ count: 2, exact: true });
      expect(member.libraries).toEqual([
        { id: "timm", count: 1 },
        { id: "transformers", count: 1 },
      ]);
      expect(member.tags).toEqual([
        { id: "y", count: 2 },
        { id: "secret", count: 1 },
      ]);
      const admin = await store.listTotals({ library: "timm", tags: [], visibility: { all: true } }, 5);
      expect(admin.pipelines).toEqual([{ id: "text-generation", count: 1 }]);
      expect(admin.libraries).toEqual([
        { id: "transformers", count: 2 },
        { id: "timm", count: 1 },
      ]);
      expect((await store.listTotals({ tags: ["secret"] }, 5)).tags).toEqual([]);
      expect((await store.listTotals({ tags: [] }, 1)).tags).toEqual([{ id: "y", count: 2 }]);
    });
  });
}
