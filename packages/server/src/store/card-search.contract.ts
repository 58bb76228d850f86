// The card search half of the Store contract: a search lists models whose id holds the term, then models whose card
// holds its words, each part in the list's order, through every page forwards and backwards; the totals count both.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cardWords } from "../card/card-words.js";
import type { HubModel } from "../models/hub-model.js";
import { hubModel } from "../test-utils/hub-models.js";
import type { ContractDatabase } from "./store.contract.js";
import type { ListQuery, Store } from "./store.js";

// Models and their cards' words; downloads order them. `zephyr` holds "ripple" in its id and its card says "ripple".
const CARDS: [HubModel, string | null][] = [
  [hubModel("a/ripple-one", { downloads: 10, tags: ["x"] }), null],
  [hubModel("b/zephyr", { downloads: 50, tags: ["x"] }), "# Zephyr\n\nA **ripple** of quantized weights."],
  [hubModel("c/alpha", { downloads: 40 }), "Quantized with care; see [ripple](https://ripple.example)."],
  [hubModel("d/beta", { downloads: 30, tags: ["x"] }), "A calm model. Ripple-free, Quantized."],
  [hubModel("e/ripple-two", { downloads: 20 }), "Nothing to see."],
  [hubModel("f/gamma", { downloads: 60 }), "---\ntags: [ripple]\n---\nFront matter only."],
];

function query(overrides: Partial<ListQuery> = {}): ListQuery {
  return { tags: [], sort: "downloads", direction: -1, limit: 30, ...overrides };
}

// Every id of `q` by pages of `limit`, then the same read backwards page by page from the end.
async function bothWays(store: Store, q: ListQuery): Promise<{ forwards: string[]; backwards: string[] }> {
  const forwards: string[] = [];
  let page = await store.listModels(q);
  const firsts = [page.first];
  forwards.push(...page.items.map((m) => m.id));
  while (page.next) {
    page = await store.listModels({ ...q, after: page.next });
    firsts.push(page.first);
    forwards.push(...page.items.map((m) => m.id));
  }
  const backwards: string[] = [...page.items.map((m) => m.id)].reverse();
  let before = page.first;
  while (before) {
    const back = await store.listModels({ ...q, after: before, backwards: true });
    backwards.push(...back.items.map((m) => m.id));
    before = back.next;
  }
  return { forwards, backwards };
}

/** Runs the card search contract against the dialect that `create` opens. */
export function describeCardSearchContract(name: string, create: () => Promise<ContractDatabase>): void {
  describe(`Store contract, card search: ${name}`, () => {
    let database: ContractDatabase;
    let store: Store;

    beforeEach(async () => {
      database = await create();
      store = await database.open();
      for (const [model, card] of CARDS) {
        await store.createModel(model);
        if (card !== null) expect(await store.setCardWords(model.id, cardWords(card))).toBe(true);
      }
    });
    afterEach(async () => {
      await store.close();
      await database.drop();
    });

    it("lists id matches first, then card matches, each in the list's order, on every page both ways", async () => {
      const expected = ["e/ripple-two", "a/ripple-one", "b/zephyr", "c/alpha", "d/beta"];
      for (const limit of [1, 2, 3, 30]) {
        const { forwards, backwards } = await bothWays(store, query({ search: "RIPPLE", limit }));
        expect(forwards, `limit ${limit}`).toEqual(expected);
        expect(backwards, `limit ${limit}`).toEqual([...expected].reverse());
      }
      const byLikesAsc = await bothWays(store, query({ search: "ripple", sort: "id", direction: 1, limit: 2 }));
      expect(byLikesAsc.forwards).toEqual(["a/ripple-one", "e/ripple-two", "b/zephyr", "c/alpha", "d/beta"]);
    });

    it("needs every word of the term in the card, and ignores front matter and link targets", async () => {
      const ids = async (search: string) => (await bothWays(store, query({ search }))).forwards;
      expect(await ids("quantized ripple")).toEqual(["b/zephyr", "c/alpha", "d/beta"]);
      expect(await ids("calm quantized")).toEqual(["d/beta"]);
      expect(await ids("calm zephyr")).toEqual([]);
      expect(await ids("example")).toEqual([]);
      expect(await ids("front")).toEqual(["f/gamma"]);
      expect(await ids("ripple.example")).toEqual([]);
    });

    it("applies the other filters to card matches and counts both parts in the totals", async () => {
      expect((await bothWays(store, query({ search: "ripple", tags: ["x"] }))).forwards).toEqual([
        "a/ripple-one",
        "b/zephyr",
        "d/beta",
      ]);
      const totals = await store.listTotals({ search: "ripple", tags: [] }, 5);
      expect(totals.total).toEqual({ count: 5, exact: true });
      expect(totals.tags).toEqual([{ id: "x", count: 3 }]);
    });

    it("forgets a card's old words when it changes and every word when the model goes", async () => {
      expect(await store.setCardWords("c/alpha", cardWords("Now about tides."))).toBe(true);
      expect((await store.listModels(query({ search: "quantized" }))).items.map((m) => m.id)).toEqual([
        "b/zephyr",
        "d/beta",
      ]);
      expect((await store.listModels(query({ search: "tides" }))).items.map((m) => m.id)).toEqual(["c/alpha"]);
      expect(await store.deleteModel("b/zephyr")).toBe(true);
      expect((await store.listModels(query({ search: "quantized" }))).items.map((m) => m.id)).toEqual(["d/beta"]);
      expect(await store.setCardWords("b/zephyr", "zephyr")).toBe(false);
    });

    it("lists indexed READMEs whose words are missing", async () => {
      const readme = { path: "README.md", sha256: "0".repeat(64), size: 5, updatedAt: "2025-01-01T00:00:00.000Z" };
      const update = { head: "1".repeat(40), files: [{ ...readme, oid: "2".repeat(40) }], lfsObjects: [] };
      await store.indexRepository("c/alpha", update, (m) => m);
      await store.indexRepository("e/ripple-two", update, (m) => m);
      await store.createModel(hubModel("g/new"));
      await store.indexRepository("g/new", update, (m) => m);
      const missing = [{ id: "g/new", file: { ...readme, oid: "2".repeat(40) } }];
      expect(await store.unsearchedCards()).toEqual(missing);
      await store.indexRepository("g/new", { ...update, cardWords: "hello" }, (m) => m);
      expect(await store.unsearchedCards()).toEqual([]);
      expect((await store.listModels(query({ search: "hello" }))).items.map((m) => m.id)).toEqual(["g/new"]);
      await store.indexRepository("g/new", { ...update, cardWords: null }, (m) => m);
      expect(await store.unsearchedCards()).toEqual(missing);
      expect((await store.listModels(query({ search: "hello" }))).items).toEqual([]);
    });
  });
}
