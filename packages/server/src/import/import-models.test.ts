import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { importModels, type RejectedLine } from "./import-models.js";

const NOW = new Date("2025-01-01T00:00:00.000Z");

let store: Store;
beforeEach(async () => {
  store = await openStore({ dbPath: ":memory:" });
});
afterEach(() => store.close());

function line(value: unknown): string {
  return JSON.stringify(value);
}

const MIXED = [
  line({ id: "good/one", library_name: "timm", tags: ["vision"], downloads: 5 }),
  "{not json",
  line({ id: "bad id" }),
  "",
  line({ id: "good/two", downloads: -3 }),
  line({ id: "good/three", extra: true }),
  line({ id: "good/four", pipeline_tag: "fill-mask", tags: ["en"] }),
  line(["good/five"]),
  line({ id: "good/one", library_name: "timm", tags: ["vision", "updated"], downloads: 6 }),
];

describe("importModels", () => {
  it.each(["auto", "always", "never"] as const)(
    "writes the good lines and reports each bad one with its line number (bulk: %s)",
    async (bulk) => {
      const rejected: RejectedLine[] = [];
      const result = await importModels(store, MIXED, {
        bulk,
        batchSize: 2,
        now: () => NOW,
        onRejected: (r) => rejected.push(r),
      });
      expect(result).toEqual({ lines: 9, accepted: 3, rejected: 5 });
      expect(rejected.map((r) => r.line)).toEqual([2, 3, 5, 6, 8]);
      expect(rejected[0]?.message).toMatch(/^not valid JSON/);
      expect(rejected[1]?.message).toContain('field "id"');
      expect(rejected[2]?.message).toContain('field "downloads"');
      expect(rejected[3]?.message).toContain('unknown field "extra"');
      expect(rejected[4]?.message).toContain("expected object");
      expect(await store.countModels()).toBe(2);
      expect(await store.getModel("good/one")).toMatchObject({ tags: ["vision", "updated"], downloads: 6 });
      expect(await store.getModel("good/two")).toBeNull();
      const tagged = await store.listModels({
        tags: ["updated"],
        search: "good/",
        sort: "id",
        direction: 1,
        limit: 10,
      });
      expect(tagged.items.map((m) => m.id)).toEqual(["good/one"]);
    },
  );

  it("reports the same lines when a worker thread parses them", async () => {
    const rejected: RejectedLine[] = [];
    const result = await importModels(store, MIXED, {
      worker: true,
      now: () => NOW,
      onRejected: (r) => rejected.push(r),
    });
    expect(result).toEqual({ lines: 9, accepted: 3, rejected: 5 });
    expect(rejected.map((r) => r.line)).toEqual([2, 3, 5, 6, 8]);
    expect(await store.getModel("good/one")).toMatchObject({
      tags: ["vision", "updated"],
      createdAt: NOW.toISOString(),
    });
  });

  it("reports progress after each batch", async () => {
    const seen: number[] = [];
    await importModels(store, MIXED, { batchSize: 1, onProgress: (p) => seen.push(p.lines) });
    expect(seen.at(-1)).toBe(9);
    expect(seen.length).toBeGreaterThan(2);
  });

  it("isolates a record the database refuses, keeping the rest of its batch", async () => {
    const upsert = store.upsertRows.bind(store);
    store.upsertRows = async (rows) => {
      if (rows.some((r) => r.id === "db/refused")) throw new Error("disk says no");
      return upsert(rows);
    };
    const rejected: RejectedLine[] = [];
    const lines = ["db/a", "db/refused", "db/b"].map((id) => line({ id }));
    const result = await importModels(store, lines, { bulk: "never", onRejected: (r) => rejected.push(r) });
    expect(result).toEqual({ lines: 3, accepted: 2, rejected: 1 });
    expect(rejected).toEqual([{ line: 2, message: "not stored: disk says no" }]);
    expect(await store.countModels()).toBe(2);
  });
});
