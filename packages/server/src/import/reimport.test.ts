// Re-imports into a large table: unchanged records are not written again, and an import that changes a large share
// of the table switches to a bulk load that keeps the unique id indexes (secondary indexes rebuilt once at the end).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import type { BulkLoadMode, Store } from "../store/store.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { BULK_LOAD_BELOW, importModels, type RejectedLine } from "./import-models.js";

const STORED = numberedModels("big", BULK_LOAD_BELOW);

let store: Store;
let modes: (BulkLoadMode | undefined)[];
beforeEach(async () => {
  store = await openStore({ dbPath: ":memory:" });
  await store.upsertModels(STORED);
  modes = [];
  const start = store.startBulkLoad.bind(store);
  store.startBulkLoad = (mode) => {
    modes.push(mode);
    return start(mode);
  };
});
afterEach(() => store.close());

const lines = (models: readonly object[]) => models.map((m) => JSON.stringify(m));

describe("importModels into a large table", () => {
  it("writes no row of an unchanged re-import and keeps upserting", async () => {
    expect(await store.upsertModels(STORED.slice(0, 600))).toBe(0);
    const result = await importModels(store, lines(STORED));
    expect(result).toEqual({ lines: BULK_LOAD_BELOW, accepted: BULK_LOAD_BELOW, rejected: 0 });
    expect(modes).toEqual([]);
  });

  it("switches to a bulk load keeping the id indexes once it changed a large share, refusing case variants by line", async () => {
    const changed = STORED.map((m, i) => ({ ...m, likes: m.likes + 1, tags: i % 2 ? ["odd"] : [] }));
    const variantLine = BULK_LOAD_BELOW - 1;
    changed[variantLine - 1] = { ...STORED[5], id: "BIG/model-0005", author: "BIG" } as (typeof changed)[number];
    const rejected: RejectedLine[] = [];
    const result = await importModels(store, lines(changed), { onRejected: (r) => rejected.push(r) });
    expect(result).toEqual({ lines: BULK_LOAD_BELOW, accepted: BULK_LOAD_BELOW - 1, rejected: 1 });
    expect(rejected).toEqual([
      {
        line: variantLine,
        message:
          'not stored: model "BIG/model-0005" conflicts with the existing model "big/model-0005": ids are case-insensitive',
      },
    ]);
    expect(modes).toEqual([{ keepIds: true }]);
    // Indexes and the tag table were rebuilt: a tag filter and a sort answer from them.
    const odd = await store.listModels({ tags: ["odd"], sort: "likes", direction: -1, limit: 3 });
    expect(odd.items).toHaveLength(3);
    expect(await store.countModels()).toBe(BULK_LOAD_BELOW);
    expect((await store.getModel("big/model-0001"))?.likes).toBe((STORED[1]?.likes ?? 0) + 1);
  });
});
