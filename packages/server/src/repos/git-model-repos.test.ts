// Contract of the repository layer, on real git repositories in a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openGitModelRepos } from "./git-model-repos.js";
import { formatLfsPointer } from "./lfs-pointer.js";
import type { CommitRequest, ModelRepos } from "./model-repos.js";

const author = { name: "Ada", email: "ada@example.com" };
const at = (iso: string): Date => new Date(iso);
const put = (path: string, data: string) => ({ op: "put" as const, path, bytes: { data: Buffer.from(data) } });
const lfsObject = { sha256: "a".repeat(64), size: 123_456_789 };

function request(title: string, changes: CommitRequest["changes"], extra: Partial<CommitRequest> = {}): CommitRequest {
  return { author, title, date: at("2026-01-02T03:04:05Z"), changes, ...extra };
}

let dir: string;
let repos: ModelRepos;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "modelhub-repos-"));
  repos = await openGitModelRepos(join(dir, "repos"));
});

afterAll(async () => {
  await repos.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a model repository on git", () => {
  it("keeps one lowercased bare repository per model", async () => {
    expect(repos.gitDir("Org/Model")).toBe(join(dir, "repos", "org", "model.git"));
    expect(await repos.exists("org/model")).toBe(false);
    expect(await repos.resolve("org/model", "main")).toBeNull();
    expect(() => repos.gitDir("../x")).toThrow(/invalid model id/);
  });

  it("commits files on main and reads them back at that revision", async () => {
    const first = await repos.commit(
      "acme/first",
      request("Initial", [put("README.md", "# hi\n"), put("cfg/a.json", "{}")]),
    );
    expect(first.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(first.parent).toBeNull();
    expect(await repos.resolve("ACME/First", "main")).toBe(first.commit);
    expect(await repos.resolve("acme/first", "HEAD")).toBe(first.commit);
    expect(await repos.resolve("acme/first", first.commit)).toBe(first.commit);
    const snapshot = await repos.snapshot("acme/first", first.commit);
    expect(snapshot.files.map((f) => [f.path, f.size, f.lfs])).toEqual([
      ["README.md", 5, null],
      ["cfg/a.json", 2, null],
    ]);
    const readme = snapshot.byPath.get("README.md");
    expect((await repos.readBlob("acme/first", readme?.oid ?? "")).toString()).toBe("# hi\n");
    const part = await repos.streamBlob("acme/first", readme?.oid ?? "", { start: 2, end: 3 });
    expect(part.size).toBe(2);
    expect(await text(part.stream)).toBe("hi");
  });

  it("keeps history: old revisions still read their old content", async () => {
    const head = await repos.resolve("acme/first", "main");
    const second = await repos.commit(
      "acme/first",
      request("Change the card", [put("README.md", "# v2\n"), { op: "delete", path: "cfg" }], {
        expectedHead: head,
        description: "and drop the folder",
        date: at("2026-02-03T04:05:06Z"),
      }),
    );
    expect(second.parent).toBe(head);
    expect((await repos.snapshot("acme/first", second.commit)).files.map((f) => f.path)).toEqual(["README.md"]);
    const old = await repos.snapshot("acme/first", head ?? "");
    expect((await repos.readBlob("acme/first", old.byPath.get("README.md")?.oid ?? "")).toString()).toBe("# hi\n");
    const { total, commits } = await repos.history("acme/first", second.commit, { skip: 0, limit: 10 });
    expect(total).toBe(2);
    expect(commits.map((c) => [c.title, c.message, c.date, c.author])).toEqual([
      ["Change the card", "and drop the folder", "2026-02-03T04:05:06.000Z", author],
      ["Initial", "", "2026-01-02T03:04:05.000Z", author],
    ]);
    expect((await repos.history("acme/first", second.commit, { skip: 1, limit: 1 })).commits[0]?.id).toBe(head);
    expect(await repos.refs("acme/first")).toEqual({
      branches: [{ name: "main", ref: "refs/heads/main", commit: second.commit }],
      tags: [],
    });
  });

  it("refuses a commit based on a head that has moved (compare-and-swap)", async () => {
    const head = await repos.resolve("acme/first", "main");
    await expect(
      repos.commit("acme/first", request("stale", [put("x.txt", "x")], { expectedHead: "b".repeat(40) })),
    ).rejects.toMatchObject({ code: "precondition_failed" });
    expect(await repos.resolve("acme/first", "main")).toBe(head);
  });

  it("stores LFS files as pointers and reads the pointer back as the object's facts", async () => {
    const result = await repos.commit(
      "acme/weights",
      request("weights", [{ op: "put", path: "model.safetensors", lfs: lfsObject }]),
    );
    const entry = (await repos.snapshot("acme/weights", result.commit)).byPath.get("model.safetensors");
    const pointer = formatLfsPointer(lfsObject);
    expect(entry?.size).toBe(lfsObject.size);
    expect(entry?.lfs).toEqual({ ...lfsObject, pointerSize: pointer.length });
    expect((await repos.readBlob("acme/weights", entry?.oid ?? "")).toString()).toBe(pointer);
    // A fresh reader (no cache) finds the same pointer in git.
    const fresh = await openGitModelRepos(repos.root);
    expect((await fresh.snapshot("acme/weights", result.commit)).byPath.get("model.safetensors")?.lfs?.sha256).toBe(
      lfsObject.sha256,
    );
    await fresh.close();
  });

  it("commits files from disk, replaces every file on request, and makes no commit when nothing changes", async () => {
    const source = join(dir, "config.json");
    writeFileSync(source, '{"a":1}');
    const first = await repos.commit(
      "acme/import",
      request("import", [{ op: "put", path: "config.json", bytes: { file: source } }, put("old.txt", "o")]),
    );
    const again = await repos.commit(
      "acme/import",
      request("again", [{ op: "put", path: "config.json", bytes: { file: source } }], { replaceAll: true }),
    );
    expect(again.changed).toBe(true);
    expect(again.snapshot.files.map((f) => f.path)).toEqual(["config.json"]);
    const same = await repos.commit(
      "acme/import",
      request("same", [{ op: "put", path: "config.json", bytes: { file: source } }]),
    );
    expect(same).toMatchObject({ changed: false, commit: again.commit });
    expect(first.commit).not.toBe(again.commit);
  });

  it("refuses bad revisions, bad paths and deletes of missing files, changing nothing", async () => {
    for (const bad of ["main~1", "a..b", "@{-1}", ":/x", "-x", "a b", "x\0"]) {
      await expect(repos.resolve("acme/first", bad)).rejects.toMatchObject({ code: "bad_request" });
    }
    expect(await repos.resolve("acme/first", "nope")).toBeNull();
    expect(await repos.resolve("acme/first", "c".repeat(40))).toBeNull();
    const head = await repos.resolve("acme/first", "main");
    await expect(repos.commit("acme/first", request("bad", [put("../x", "x")]))).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(
      repos.commit("acme/first", request("bad", [{ op: "delete", path: "missing.txt" }])),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(repos.commit("acme/first", request("bad", [put("README.md/x", "x")]))).rejects.toMatchObject({
      code: "bad_request",
    });
    expect(await repos.resolve("acme/first", "main")).toBe(head);
  });

  it("moves and removes repositories", async () => {
    await repos.commit("acme/moving", request("m", [put("a.txt", "a")]));
    await repos.move("acme/moving", "other/moved");
    expect(await repos.exists("acme/moving")).toBe(false);
    expect(await repos.resolve("other/moved", "main")).toMatch(/^[0-9a-f]{40}$/);
    await repos.remove("other/moved");
    expect(await repos.exists("other/moved")).toBe(false);
  });
});
