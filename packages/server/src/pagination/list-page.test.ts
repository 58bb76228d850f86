import { describe, expect, it } from "vitest";
import type { ListQuery, ModelPage } from "../store/store.js";
import { readListPage } from "./list-page.js";

// A store that hands out one page object, as the read cache does for a popular query.
function storeOf(page: ModelPage) {
  return { listModels: async (_query: ListQuery) => page };
}

const query: ListQuery = { sort: "downloads", direction: -1, limit: 2, tags: [] };

describe("readListPage", () => {
  it("keeps a page's answer from its second read on: a page read once leaves nothing behind", async () => {
    const page: ModelPage = {
      items: [
        {
          id: "a/one",
          author: "a",
          library_name: null,
          pipeline_tag: null,
          tags: [],
          downloads: 9,
          likes: 0,
          lastModified: "2026-01-01T00:00:00.000Z",
        },
      ],
      next: { value: 9, seq: 1 },
      first: { value: 9, seq: 1 },
    };
    const store = storeOf(page);
    const once = await readListPage(store, query, false);
    const kept = await readListPage(store, query, false);
    expect(kept).not.toBe(once);
    expect(await readListPage(store, query, false)).toBe(kept);
    // Same rows and cursors every time; the first page has no previous one.
    expect(kept.items).toBe(page.items);
    expect(kept.next).toBe(once.next);
    expect(kept.next).not.toBeNull();
    expect(kept.prev).toBeNull();
  });

  it("makes the answer again for another position's cursors, without replacing the kept one", async () => {
    const page: ModelPage = { items: [], next: null, first: null };
    const store = storeOf(page);
    await readListPage(store, query, false);
    const kept = await readListPage(store, query, false);
    const after = await readListPage(store, { ...query, after: { value: 5, seq: 3 } }, false);
    expect(after).not.toBe(kept);
    expect(await readListPage(store, query, false)).toBe(kept);
  });
});
