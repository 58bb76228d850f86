import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryChangeBus } from "../changes/memory-change-feed.js";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { hubModel } from "../test-utils/hub-models.js";
import { withReadCache } from "./cached-store.js";

let raw: Store;
let now = 0;
let cached: Store;
beforeEach(async () => {
  raw = await openStore({ dbPath: ":memory:" });
  now = 0;
  cached = withReadCache(raw, { maxModels: 10, modelTtlMs: 1_000, countTtlMs: 1_000, now: () => now });
});
afterEach(() => raw.close());

describe("withReadCache", () => {
  it("serves a record from memory until it expires, so an outside write shows after the lifetime", async () => {
    await raw.createModel(hubModel("a/b", { likes: 1 }));
    const first = await cached.getModel("a/b");
    await raw.replaceModel(hubModel("a/b", { likes: 2 }));
    expect(await cached.getModel("a/b")).toBe(first);
    now = 1_000;
    expect((await cached.getModel("a/b"))?.likes).toBe(2);
  });

  it("forgets records and counts on its own writes at once", async () => {
    expect(await cached.getModel("a/b")).toBeNull();
    expect(await cached.countModels()).toBe(0);
    await cached.createModel(hubModel("a/b", { library_name: "timm" }));
    expect(await cached.getModel("a/b")).not.toBeNull();
    expect(await cached.countModels()).toBe(1);
    expect(await cached.countLibraries()).toEqual([{ id: "timm", count: 1 }]);
    await cached.deleteModel("a/b");
    expect(await cached.getModel("a/b")).toBeNull();
    expect(await cached.countLibraries()).toEqual([]);
  });

  it("keeps small list pages until they expire or it writes, and never keeps big pages", async () => {
    const query = { tags: [], sort: "id" as const, direction: 1 as const, limit: 10 };
    await raw.createModel(hubModel("a/one"));
    expect((await cached.listModels(query)).items).toHaveLength(1);
    await raw.createModel(hubModel("a/two"));
    expect((await cached.listModels(query)).items).toHaveLength(1);
    expect((await cached.listModels({ ...query, limit: 500 })).items).toHaveLength(2);
    now = 1_000;
    expect((await cached.listModels(query)).items).toHaveLength(2);
    await cached.deleteModel("a/two");
    expect((await cached.listModels(query)).items).toHaveLength(1);
  });

  it("does not keep what a read started before a write brought back", async () => {
    await raw.createModel(hubModel("a/b", { likes: 1 }));
    const slowRead = cached.getModel("a/b");
    await cached.replaceModel(hubModel("a/b", { likes: 2 }));
    await slowRead;
    expect((await cached.getModel("a/b"))?.likes).toBe(2);
  });

  it("forgets what another process wrote as soon as its change arrives, and only what it names", async () => {
    const bus = createMemoryChangeBus();
    const options = { maxModels: 10, modelTtlMs: 60_000, countTtlMs: 60_000, now: () => now };
    const a = withReadCache(raw, options, bus.feed());
    const b = withReadCache(raw, options, bus.feed());
    await a.createModel(hubModel("acme/one", { likes: 1 }));
    await a.createModel(hubModel("acme/two", { likes: 1 }));
    const two = await b.getModel("acme/two");
    expect((await b.getModel("acme/one"))?.likes).toBe(1);
    expect(await b.countModels()).toBe(2);
    await a.replaceModel(hubModel("acme/one", { likes: 5 }));
    // The untouched record stays cached.
    expect((await b.getModel("acme/one"))?.likes).toBe(5);
    expect(await b.getModel("acme/two")).toBe(two);
    await a.deleteModel("acme/two");
    expect(await b.getModel("acme/two")).toBeNull();
    expect(await b.countModels()).toBe(1);
  });

  it("does not keep what a read started before another process's change brought back", async () => {
    const bus = createMemoryChangeBus();
    const a = withReadCache(raw, DEFAULT_LONG, bus.feed());
    const b = withReadCache(raw, DEFAULT_LONG, bus.feed());
    await raw.createModel(hubModel("a/b", { likes: 1 }));
    const slowRead = b.getModel("a/b");
    await a.replaceModel(hubModel("a/b", { likes: 2 }));
    await slowRead;
    expect((await b.getModel("a/b"))?.likes).toBe(2);
  });
});

const DEFAULT_LONG = { maxModels: 10, modelTtlMs: 60_000, countTtlMs: 60_000 };
