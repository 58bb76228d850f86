// Commit plus index, and the start-up repair after a crash between the git commit and the database write.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKeyedLock } from "../files/keyed-lock.js";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { hubModel } from "../test-utils/hub-models.js";
import { openGitModelRepos } from "./git-model-repos.js";
import type { CommitRequest, ModelRepos } from "./model-repos.js";
import { commitAndIndex, repairIndex } from "./repo-index.js";

const author = { name: "Ada", email: "ada@example.com" };
const date = new Date("2026-03-04T05:06:07.000Z");
const put = (path: string, data: string) => ({ op: "put" as const, path, bytes: { data: Buffer.from(data) } });
const commit = (title: string, changes: CommitRequest["changes"]): CommitRequest => ({ author, title, date, changes });

describe("the repository index", () => {
  let dir: string;
  let store: Store;
  let repos: ModelRepos;
  const deps = () => ({ repos, store, lock: createKeyedLock() });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "modelhub-index-"));
    store = await openStore({ dbPath: join(dir, "hub.db") });
    repos = await openGitModelRepos(join(dir, "repos"));
    await store.createModel(hubModel("acme/tiny", { tags: ["vision"] }));
  });
  afterEach(async () => {
    await repos.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes the head, the file list and the card's fields in the step of the commit", async () => {
    const card = "---\nlibrary_name: timm\n---\n# Tiny\n";
    const result = await commitAndIndex(
      deps(),
      "acme/tiny",
      commit("add", [put("README.md", card), put("a.txt", "a")]),
    );
    expect(await store.indexedHead("acme/tiny")).toBe(result.commit);
    expect((await store.listFiles("acme/tiny"))?.map((f) => [f.path, f.size, f.lfs ?? false])).toEqual([
      ["README.md", card.length, false],
      ["a.txt", 1, false],
    ]);
    const model = await store.getModel("acme/tiny");
    expect(model).toMatchObject({ library_name: "timm", lastModified: date.toISOString() });
  });

  it("indexes the README's words for search in the step of the commit, and forgets them with the README", async () => {
    const search = async (term: string) =>
      (await store.listModels({ search: term, tags: [], sort: "downloads", direction: -1, limit: 10 })).items.map(
        (m) => m.id,
      );
    await commitAndIndex(
      deps(),
      "acme/tiny",
      commit("card", [put("README.md", "---\nlicense: mit\n---\nA *wombat* model.")]),
    );
    expect(await search("wombat")).toEqual(["acme/tiny"]);
    expect(await search("mit")).toEqual([]);
    await commitAndIndex(deps(), "acme/tiny", commit("other file", [put("a.txt", "a")]));
    expect(await search("wombat")).toEqual(["acme/tiny"]);
    await commitAndIndex(deps(), "acme/tiny", commit("new card", [put("README.md", "Now a numbat.")]));
    expect(await search("wombat")).toEqual([]);
    expect(await search("numbat")).toEqual(["acme/tiny"]);
    await commitAndIndex(deps(), "acme/tiny", commit("no card", [{ op: "delete", path: "README.md" }]));
    expect(await search("numbat")).toEqual([]);
  });

  it("repairs the index after a crash between the git commit and the database write", async () => {
    const first = await commitAndIndex(deps(), "acme/tiny", commit("one", [put("a.txt", "a")]));
    // The crash: git has the commit, the database never heard of it.
    const second = await repos.commit(
      "acme/tiny",
      commit("two", [put("b.txt", "bb"), { op: "delete", path: "a.txt" }]),
    );
    expect(await store.indexedHead("acme/tiny")).toBe(first.commit);
    const report = await repairIndex(deps(), () => date);
    expect(report).toMatchObject({ reindexed: ["acme/tiny"], deleted: [], failed: [] });
    expect(await store.indexedHead("acme/tiny")).toBe(second.commit);
    expect((await store.listFiles("acme/tiny"))?.map((f) => f.path)).toEqual(["b.txt"]);
    expect((await store.getModel("acme/tiny"))?.siblings).toEqual([{ rfilename: "b.txt", size: 2 }]);
    // A second repair finds nothing to do.
    expect((await repairIndex(deps(), () => date)).reindexed).toEqual([]);
  });

  it("recreates a record whose first commit was never indexed, and drops one whose repository was deleted", async () => {
    await repos.commit("fresh/model", commit("first", [put("config.json", '{"model_type":"bert"}')]));
    await commitAndIndex(deps(), "acme/tiny", commit("one", [put("a.txt", "a")]));
    await repos.remove("acme/tiny"); // A delete cut short after the repository went.
    const report = await repairIndex(deps(), () => date);
    expect(report).toMatchObject({ reindexed: ["fresh/model"], deleted: ["acme/tiny"] });
    expect((await store.getModel("fresh/model"))?.config).toMatchObject({ model_type: "bert" });
    expect(await store.getModel("acme/tiny")).toBeNull();
  });
});
