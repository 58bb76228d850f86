// The Store contract: one suite every dialect must pass (run by sqlite-store.test.ts and postgres-store.test.ts).
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import { startedBulkLoad } from "../test-utils/bulk-load.js";
import { hubModel, numberedModels } from "../test-utils/hub-models.js";
import { describeCardSearchContract } from "./card-search.contract.js";
import { describeCaseInsensitiveIdContract } from "./case-insensitive-ids.contract.js";
import { describeFacetVisibilityContract } from "./facets-visibility.contract.js";
import { describeFileStoreContract } from "./file-store.contract.js";
import { EXACT_TOTAL_LIMIT } from "./list-facets.js";
import { DRIVING_SET_LIMIT, WALK_LIMITS } from "./list-models.js";
import { toRow } from "./model-row.js";
import { SORT_KEY_NAMES, SORT_KEYS, type SortDirection, type SortKey } from "./sort-keys.js";
import type { ListQuery, Store } from "./store.js";

/** A fresh, empty database for one test: `open` may be called again to reopen the same data. */
export interface ContractDatabase {
  /** Opens (migrating) the store on this database. */
  open(): Promise<Store>;
  /** Removes the database. */
  drop(): Promise<void>;
}

const FULL: HubModel = hubModel("meta-llama/Llama-3.1-8B-Instruct", {
  library_name: "transformers",
  pipeline_tag: "text-generation",
  tags: ["transformers", "safetensors", "conversational", "en"],
  config: { architectures: ["LlamaForCausalLM"], model_type: "llama", peft: { task_type: "CAUSAL_LM" } },
  transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  widgetData: [{ text: "Hello <script>alert(1)</script>" }],
  inferenceProviderMapping: { together: { providerId: "meta/llama", task: "conversational", status: "live" } },
  siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors", size: 16_000_000_000 }],
  downloads: 5_000_000_000,
  likes: 4_321,
});

function query(overrides: Partial<ListQuery> = {}): ListQuery {
  return { tags: [], sort: "downloads", direction: -1, limit: 30, ...overrides };
}

// Every id of a query, following pages of `limit`.
async function allPages(store: Store, q: ListQuery): Promise<string[]> {
  const ids: string[] = [];
  let after = q.after;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await store.listModels({ ...q, ...(after ? { after } : {}) });
    ids.push(...page.items.map((m) => m.id));
    if (!page.next) return ids;
    after = page.next;
  }
  throw new Error("pagination did not end");
}

// The order the store must produce: sort value, then insertion order (the sequence key) as tie-breaker.
function expectedOrder(models: HubModel[], sort: SortKey, direction: SortDirection): string[] {
  const field = {
    downloads: "downloads",
    likes: "likes",
    lastModified: "lastModified",
    createdAt: "createdAt",
    id: "id",
  }[sort] as keyof HubModel;
  const indexed = models.map((m, i) => ({ m, i }));
  indexed.sort((a, b) => {
    const x = a.m[field] as number | string;
    const y = b.m[field] as number | string;
    const c = x < y ? -1 : x > y ? 1 : a.i - b.i;
    return c * direction;
  });
  return indexed.map(({ m }) => m.id);
}

/** Runs the Store contract against the dialect that `create` opens. */
export function describeStoreContract(name: string, create: () => Promise<ContractDatabase>): void {
  describeFileStoreContract(name, create);
  describeCaseInsensitiveIdContract(name, create);
  describeCardSearchContract(name, create);
  describeFacetVisibilityContract(name, create);
  describe(`Store contract: ${name}`, () => {
    let database: ContractDatabase;
    let store: Store;
    // What afterEach must close: unset when opening failed, so cleanup still drops the database.
    let opened: Store | undefined;

    beforeEach(async () => {
      opened = undefined;
      database = await create();
      store = await database.open();
      opened = store;
    });
    afterEach(async () => {
      try {
        await opened?.close();
      } finally {
        await database.drop();
      }
    });

    it("starts empty", async () => {
      expect(await store.countModels()).toBe(0);
      expect(await store.getModel("a/b")).toBeNull();
      expect(await store.listModels(query())).toEqual({ items: [], next: null, first: null });
      expect(await store.countLibraries()).toEqual([]);
      expect(await store.topTags(10)).toEqual([]);
    });

    it("keeps a whole record, big counters and JSON fields included", async () => {
      await store.createModel(FULL);
      expect(await store.getModel(FULL.id)).toEqual(FULL);
      expect(await store.getModel(FULL.id.toLowerCase())).toEqual(FULL);
      const page = await store.listModels(query());
      expect(page.items).toEqual([
        {
          id: FULL.id,
          author: "meta-llama",
          library_name: "transformers",
          pipeline_tag: "text-generation",
          tags: FULL.tags,
          downloads: 5_000_000_000,
          likes: 4_321,
          lastModified: FULL.lastModified,
        },
      ]);
    });

    it("refuses a duplicate id with a conflict and keeps the first record", async () => {
      await store.createModel(FULL);
      const copy = { ...FULL, likes: 1 };
      await expect(store.createModel(copy)).rejects.toSatisfy((e) => e instanceof HubError && e.code === "conflict");
      expect(await store.getModel(FULL.id)).toEqual(FULL);
      expect(await store.countModels()).toBe(1);
    });

    it("replaces a record and its tag index; replacing an unknown id changes nothing", async () => {
      await store.createModel(FULL);
      const replaced = hubModel(FULL.id, { tags: ["gguf"], library_name: "gguf", downloads: 3 });
      expect(await store.replaceModel(replaced)).toBe(true);
      expect(await store.getModel(FULL.id)).toEqual(replaced);
      expect((await store.listModels(query({ tags: ["conversational"] }))).items).toEqual([]);
      expect((await store.listModels(query({ tags: ["gguf"] }))).items.map((m) => m.id)).toEqual([FULL.id]);
      // The tag index follows a change of downloads alone, in both orders.
      await store.createModel(hubModel("other/gguf", { tags: ["gguf"], downloads: 10 }));
      const byDownloads = async () => (await store.listModels(query({ tags: ["gguf"] }))).items.map((m) => m.id);
      expect(await byDownloads()).toEqual(["other/gguf", FULL.id]);
      expect(await store.replaceModel({ ...replaced, downloads: 11 })).toBe(true);
      expect(await byDownloads()).toEqual([FULL.id, "other/gguf"]);
      expect(await store.replaceModel(hubModel("x/unknown"))).toBe(false);
      expect(await store.countModels()).toBe(2);
    });

    it("deletes a record from lists, tag filter and search", async () => {
      await store.createModel(FULL);
      await store.createModel(hubModel("other/model", { tags: ["en"] }));
      expect(await store.deleteModel(FULL.id)).toBe(true);
      expect(await store.deleteModel(FULL.id)).toBe(false);
      expect(await store.getModel(FULL.id)).toBeNull();
      expect((await store.listModels(query({ tags: ["en"] }))).items.map((m) => m.id)).toEqual(["other/model"]);
      expect((await store.listModels(query({ search: "llama" }))).items).toEqual([]);
      expect(await store.topTags(10)).toEqual([{ id: "en", count: 1 }]);
    });

    it("upserts many records in one call; the last record of an id wins", async () => {
      await store.createModel(hubModel("a/one", { likes: 1 }));
      await store.upsertModels([hubModel("a/one", { likes: 2 }), hubModel("a/two"), hubModel("a/one", { likes: 3 })]);
      expect((await store.getModel("a/one"))?.likes).toBe(3);
      expect(await store.countModels()).toBe(2);
    });

    it("upserts atomically: a failing row leaves none of the call's rows behind", async () => {
      const models = numberedModels("bulk", 700);
      models[650] = { ...hubModel("bulk/broken"), author: null as never };
      await expect(store.upsertModels(models)).rejects.toThrow();
      expect(await store.countModels()).toBe(0);
    });

    it("sorts by every key in both directions and pages through every row once", async () => {
      const models = numberedModels("org", 57);
      await store.upsertModels(models);
      for (const sort of SORT_KEY_NAMES) {
        for (const direction of [-1, 1] as const) {
          const expected = expectedOrder(models, sort, direction);
          expect(await allPages(store, query({ sort, direction, limit: 10 })), `${sort} ${direction}`).toEqual(
            expected,
          );
        }
      }
      expect(SORT_KEYS.downloads.column).toBe("downloads");
    });

    it("filters by author, library, task and tags (all must match), combined with pages", async () => {
      await store.upsertModels([
        hubModel("a/x", { library_name: "transformers", pipeline_tag: "fill-mask", tags: ["en", "bert"] }),
        hubModel("a/y", { library_name: "transformers", pipeline_tag: "text-generation", tags: ["en"] }),
        hubModel("b/z", { library_name: "diffusers", pipeline_tag: "text-to-image", tags: ["en", "bert"] }),
      ]);
      const ids = async (q: Partial<ListQuery>) => allPages(store, query({ sort: "id", direction: 1, limit: 1, ...q }));
      expect(await ids({ author: "a" })).toEqual(["a/x", "a/y"]);
      expect(await ids({ library: "transformers" })).toEqual(["a/x", "a/y"]);
      expect(await ids({ pipelineTag: "text-to-image" })).toEqual(["b/z"]);
      expect(await ids({ tags: ["en", "bert"] })).toEqual(["a/x", "b/z"]);
      expect(await ids({ tags: ["en", "bert"], library: "diffusers" })).toEqual(["b/z"]);
      expect(await ids({ tags: ["missing"] })).toEqual([]);
      expect(await ids({ author: "A" })).toEqual([]);
    });

    it("searches ids as case-insensitive substrings, wildcards taken literally", async () => {
      await store.upsertModels([
        hubModel("Qwen/Qwen2.5-7B-Instruct"),
        hubModel("google/flan_t5-base"),
        hubModel("google/flanXt5-base"),
        hubModel("openai/whisper-large-v3"),
      ]);
      const ids = async (search: string) => (await allPages(store, query({ search, sort: "id", direction: 1 }))).sort();
      expect(await ids("qwen2.5")).toEqual(["Qwen/Qwen2.5-7B-Instruct"]);
      expect(await ids("INSTRUCT")).toEqual(["Qwen/Qwen2.5-7B-Instruct"]);
      expect(await ids("n_t")).toEqual(["google/flan_t5-base"]);
      expect(await ids("5-")).toEqual(["Qwen/Qwen2.5-7B-Instruct", "google/flanXt5-base", "google/flan_t5-base"]);
      expect(await ids("e/")).toEqual(["google/flanXt5-base", "google/flan_t5-base"]);
      expect(await ids("%")).toEqual([]);
      expect(await ids('n"t(*) AND NOT x')).toEqual([]);
      expect(await ids("AND")).toEqual([]);
      expect(await ids("whisper-large-v3-turbo")).toEqual([]);
    });

    it(`answers alike whichever index drives the scan (tag, search or filter sets above ${DRIVING_SET_LIMIT} or not)`, async () => {
      const shared = { pipeline_tag: "fill-mask" };
      const common = numberedModels("common", DRIVING_SET_LIMIT + 20, {
        tags: ["popular", "everyone"],
        library_name: "big",
        ...shared,
      });
      const rare = numberedModels("rare", 25, {
        tags: ["popular", "niche", "everyone"],
        library_name: "small",
        ...shared,
      });
      await store.upsertModels([...common, ...rare]);
      const first = await store.listModels(query({ tags: ["popular"], limit: 5 }));
      expect(first.items.map((m) => m.id)).toEqual(expectedOrder([...common, ...rare], "downloads", -1).slice(0, 5));
      const niche = await allPages(store, query({ tags: ["popular", "niche"], limit: 7 }));
      expect(niche).toEqual(expectedOrder(rare, "downloads", -1));
      // Two common tags sorted by downloads: the first tag's own index walks, the second is tested per row.
      const both = await allPages(store, query({ tags: ["popular", "everyone"], limit: 1000 }));
      expect(both).toEqual(expectedOrder([...common, ...rare], "downloads", -1));
      const bigTagged = await allPages(store, query({ tags: ["popular"], library: "big", limit: 1000, direction: 1 }));
      expect(bigTagged).toEqual(expectedOrder(common, "downloads", 1));
      const smallTagged = await allPages(store, query({ tags: ["popular"], library: "small", limit: 10 }));
      expect(smallTagged).toEqual(expectedOrder(rare, "downloads", -1));
      const searched = await allPages(store, query({ search: "RARE/model", sort: "likes", limit: 4 }));
      expect(searched).toEqual(expectedOrder(rare, "likes", -1));
      // Two filters with no index of their own for the sort: many rows (one filter's index walks in order) or few.
      for (const sort of ["likes", "createdAt", "id"] as const) {
        const big = await allPages(store, query({ library: "big", pipelineTag: "fill-mask", sort, limit: 2000 }));
        expect(big, sort).toEqual(expectedOrder(common, sort, -1));
        const small = await allPages(store, query({ library: "small", pipelineTag: "fill-mask", sort, direction: 1 }));
        expect(small, sort).toEqual(expectedOrder(rare, sort, 1));
      }
      const all = await store.listModels(query({ search: "model-", sort: "id", direction: 1, limit: 3 }));
      expect(all.items.map((m) => m.id)).toEqual(["common/model-0000", "common/model-0001", "common/model-0002"]);
    });

    it("reads a crossed page from its smallest set when a bounded walk finds too few", async () => {
      // Walks bounded as at scale, to rows a test can hold.
      const saved = { ...WALK_LIMITS };
      Object.assign(WALK_LIMITS, { fromIndexes: 300, readingRows: 200 });
      onTestFinished(() => {
        Object.assign(WALK_LIMITS, saved);
      });
      const wide = numberedModels("wide", WALK_LIMITS.fromIndexes + 40, {
        library_name: "wide",
        pipeline_tag: "fill-mask",
        tags: ["plain"],
      });
      const odd = numberedModels("odd", DRIVING_SET_LIMIT + 10, { library_name: "other", tags: ["odd"] });
      const both = numberedModels("both", 9, {
        library_name: "wide",
        pipeline_tag: "fill-mask",
        tags: ["odd", "plain"],
      });
      await store.upsertModels([...wide, ...odd, ...both]);
      // Pages of 4: some are found within the bounded walk, the others are read again from the smaller set.
      for (const sort of SORT_KEY_NAMES) {
        for (const direction of [-1, 1] as const) {
          const crossed = await allPages(store, query({ library: "wide", tags: ["odd"], sort, direction, limit: 4 }));
          expect(crossed, `${sort} ${direction}`).toEqual(expectedOrder(both, sort, direction));
        }
      }
      // An author's walk crossed with a library it never uses, or with its own; a search crossed with a library.
      expect(await allPages(store, query({ author: "wide", library: "other", sort: "likes" }))).toEqual([]);
      const own = await allPages(
        store,
        query({ author: "wide", library: "wide", sort: "id", direction: 1, limit: 500 }),
      );
      expect(own).toEqual(expectedOrder(wide, "id", 1));
      expect(await allPages(store, query({ search: "odd/", library: "wide", sort: "createdAt" }))).toEqual([]);
      const searched = await allPages(store, query({ search: "-000", tags: ["odd"], library: "wide", sort: "id" }));
      expect(searched).toEqual(expectedOrder(both, "id", -1));
    });

    it("counts libraries, tasks and tags, most used first", async () => {
      await store.upsertModels([
        hubModel("a/1", { library_name: "timm", pipeline_tag: "image-classification", tags: ["timm", "vision"] }),
        hubModel("a/2", { library_name: "timm", pipeline_tag: "image-classification", tags: ["timm"] }),
        hubModel("a/3", { library_name: "diffusers", tags: ["vision"] }),
        hubModel("a/4", { tags: ["timm"] }),
      ]);
      expect(await store.countLibraries()).toEqual([
        { id: "timm", count: 2 },
        { id: "diffusers", count: 1 },
      ]);
      expect(await store.countPipelines()).toEqual([{ id: "image-classification", count: 2 }]);
      expect(await store.topTags(1)).toEqual([{ id: "timm", count: 3 }]);
      // A tag listed twice counts its model once; a tie goes to the first id; a deleted model counts no more.
      await store.upsertModels([hubModel("a/5", { tags: ["vision", "vision"] })]);
      expect(await store.topTags(3)).toEqual([
        { id: "timm", count: 3 },
        { id: "vision", count: 3 },
      ]);
      await store.deleteModel("a/4");
      expect(await store.topTags(3)).toEqual([
        { id: "vision", count: 3 },
        { id: "timm", count: 2 },
      ]);
    });

    it("counts a filtered list's total and each facet under the other filters", async () => {
      await store.upsertModels([
        hubModel("a/llama", { library_name: "transformers", pipeline_tag: "text-generation", tags: ["chat", "en"] }),
        hubModel("a/qwen", { library_name: "transformers", pipeline_tag: "text-generation", tags: ["chat"] }),
        hubModel("b/bert", { library_name: "transformers", pipeline_tag: "fill-mask", tags: ["en"] }),
        hubModel("b/gguf", { library_name: "gguf", pipeline_tag: "text-generation", tags: ["chat", "en"] }),
        hubModel("c/sdxl", { library_name: "diffusers", pipeline_tag: "text-to-image", tags: ["en"] }),
      ]);
      const totals = await store.listTotals({ library: "transformers", pipelineTag: "text-generation", tags: [] }, 10);
      expect(totals.total).toEqual({ count: 2, exact: true });
      // Libraries among text-generation models; tasks among transformers models.
      expect(totals.libraries).toEqual([
        { id: "transformers", count: 2 },
        { id: "gguf", count: 1 },
      ]);
      expect(totals.pipelines).toEqual([
        { id: "text-generation", count: 2 },
        { id: "fill-mask", count: 1 },
      ]);
      expect(totals.tags).toEqual([
        { id: "chat", count: 2 },
        { id: "en", count: 1 },
      ]);
      const searched = await store.listTotals({ search: "B/", tags: ["en"] }, 1);
      expect(searched.total).toEqual({ count: 2, exact: true });
      expect(searched.tags).toEqual([{ id: "en", count: 2 }]);
      expect((await store.listTotals({ author: "c", tags: [] }, 5)).libraries).toEqual([{ id: "diffusers", count: 1 }]);
    });

    it("bounds the total: exact up to EXACT_TOTAL_LIMIT, then a lower bound", async () => {
      const load = await startedBulkLoad(store);
      await load.upsert(numberedModels("many", EXACT_TOTAL_LIMIT, { tags: ["bulk"] }).map(toRow));
      await load.finish();
      expect((await store.listTotals({ tags: [] }, 1)).total).toEqual({ count: EXACT_TOTAL_LIMIT, exact: true });
      await store.createModel(hubModel("one/more"));
      expect((await store.listTotals({ tags: [] }, 1)).total).toEqual({ count: EXACT_TOTAL_LIMIT, exact: false });
      expect((await store.listTotals({ tags: ["bulk"] }, 1)).total).toEqual({ count: EXACT_TOTAL_LIMIT, exact: true });
    });

    it("bulk-loads (last record of an id wins, indexes and id constraint rebuilt) and finishes a cut-off load", async () => {
      await store.createModel(hubModel("bulk/existing", { likes: 1 }));
      const load = await startedBulkLoad(store);
      await load.upsert(
        [...numberedModels("bulk", 40, { tags: ["b"] }), hubModel("bulk/existing", { likes: 2 })].map(toRow),
      );
      await load.upsert([hubModel("bulk/model-0001", { tags: ["b", "again"], likes: 99 })].map(toRow));
      await load.finish();
      expect(await store.countModels()).toBe(41);
      expect((await store.getModel("bulk/existing"))?.likes).toBe(2);
      expect((await store.getModel("bulk/model-0001"))?.likes).toBe(99);
      expect((await store.listModels(query({ tags: ["again"] }))).items.map((m) => m.id)).toEqual(["bulk/model-0001"]);
      expect((await store.listModels(query({ tags: ["b"], search: "model-003" }))).items).toHaveLength(10);
      await expect(store.createModel(hubModel("bulk/existing"))).rejects.toThrow(HubError);

      const cut = await startedBulkLoad(store);
      await cut.upsert([hubModel("late/model", { tags: ["late"] })].map(toRow));
      await store.close();
      opened = undefined;
      store = await database.open();
      opened = store;
      expect((await store.listModels(query({ tags: ["late"], search: "late/" }))).items.map((m) => m.id)).toEqual([
        "late/model",
      ]);
      expect(await store.countModels()).toBe(42);
    });
  });
}
