// Models indexed before card search existed get their card's words at the next start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKeyedLock } from "../files/keyed-lock.js";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { hubModel } from "../test-utils/hub-models.js";
import { backfillCardWords } from "./card-text-backfill.js";
import { openGitModelRepos } from "./git-model-repos.js";
import type { ModelRepos } from "./model-repos.js";
import { repairIndexOnStart } from "./repair-on-start.js";
import { commitAndIndex } from "./repo-index.js";

const author = { name: "Ada", email: "ada@example.com" };
const date = new Date("2026-03-04T05:06:07.000Z");
const put = (path: string, data: string) => ({ op: "put" as const, path, bytes: { data: Buffer.from(data) } });

describe("card words backfill", () => {
  let dir: string;
  let store: Store;
  let repos: ModelRepos;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "modelhub-backfill-"));
    store = await openStore({ dbPath: join(dir, "hub.db") });
    repos = await openGitModelRepos(join(dir, "repos"));
    for (const [id, card] of [
      ["acme/wombat", "# Wombat\n\nDigs *burrows*."],
      ["acme/plain", "Nothing special."],
    ] as const) {
      await store.createModel(hubModel(id));
      const changes = [put("README.md", card), put("config.json", "{}")];
      await commitAndIndex({ repos, store, lock: createKeyedLock() }, id, { author, title: "card", date, changes });
    }
    // As a database migrated from before card search holds them: READMEs indexed, no words.
    const files = (await store.listFiles("acme/wombat")) ?? [];
    const head = (await store.indexedHead("acme/wombat")) ?? "";
    await store.indexRepository("acme/wombat", { head, files, lfsObjects: [], cardWords: null }, (m) => m);
  });
  afterEach(async () => {
    await repos.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads each README without words from git once, at start", async () => {
    const search = async (term: string) =>
      (await store.listModels({ search: term, tags: [], sort: "id", direction: 1, limit: 10 })).items.map((m) => m.id);
    expect(await search("burrows")).toEqual([]);
    const logged: string[] = [];
    await repairIndexOnStart(
      store,
      repos,
      (message) => logged.push(message),
      () => date,
    );
    expect(logged).toEqual(["card words indexed for search"]);
    expect(await search("burrows")).toEqual(["acme/wombat"]);
    expect(await store.unsearchedCards()).toEqual([]);
    expect(await backfillCardWords(repos, store)).toEqual({ filled: [], failed: [] });
  });
});
