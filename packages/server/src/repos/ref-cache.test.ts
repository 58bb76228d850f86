// The ref cache answers from memory only while git's ref files are unchanged: a ref moved by another process (as a
// push does), refs packed by `git pack-refs`, a retargeted HEAD or a removed repository make it ask git again, from
// the next turn of the event loop (the requests of one turn share one look at the files).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RefCache } from "./ref-cache.js";

const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
let dir: string;
let gitDir: string;

function git(...args: string[]): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "Ada",
    GIT_AUTHOR_EMAIL: "ada@example.com",
    GIT_COMMITTER_NAME: "Ada",
    GIT_COMMITTER_EMAIL: "ada@example.com",
  };
  return execFileSync("git", ["--git-dir", gitDir, ...args], { env, encoding: "utf8", stdio: "pipe" }).trim();
}

const commit = (message: string): string => git("commit-tree", EMPTY_TREE, "-m", message);

/** Waits for the next turn of the event loop, as a request read after a change would be handled in. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A resolver that asks git, counting how often it is asked. */
function counted(revision: string) {
  const calls = { n: 0 };
  const ask = async () => {
    calls.n++;
    const names =
      revision === "HEAD" || /^[0-9a-f]{40}$/.test(revision)
        ? [revision]
        : [`refs/heads/${revision}`, `refs/tags/${revision}`];
    for (const name of names) {
      try {
        return git("rev-parse", "--verify", "--quiet", `${name}^{commit}`);
      } catch {
        // Not this one; the next name, or null.
      }
    }
    return null;
  };
  return { calls, ask };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "modelhub-ref-cache-"));
  gitDir = join(dir, "model.git");
  execFileSync("git", ["init", "--bare", "--quiet", "--initial-branch=main", gitDir]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the ref cache", () => {
  it("asks git once while the branch stays, and again when another process moves it", async () => {
    const cache = new RefCache();
    const first = commit("first");
    git("update-ref", "refs/heads/main", first);
    const main = counted("main");
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(first);
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(first);
    expect(main.calls.n).toBe(1);

    const second = commit("second");
    git("update-ref", "refs/heads/main", second, first);
    await nextTurn();
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(second);
    expect(main.calls.n).toBe(2);
  });

  it("sees refs packed into packed-refs, HEAD's target moving, and forgets on request", async () => {
    const cache = new RefCache();
    const head = counted("HEAD");
    const before = git("rev-parse", "main");
    expect(await cache.resolve(gitDir, "HEAD", head.ask)).toBe(before);
    git("pack-refs", "--all", "--prune");
    await nextTurn();
    expect(await cache.resolve(gitDir, "HEAD", head.ask)).toBe(before);
    expect(head.calls.n).toBe(2);

    const next = commit("third");
    git("update-ref", "refs/heads/main", next);
    await nextTurn();
    expect(await cache.resolve(gitDir, "HEAD", head.ask)).toBe(next);
    expect(head.calls.n).toBe(3);

    cache.forget(gitDir);
    expect(await cache.resolve(gitDir, "HEAD", head.ask)).toBe(next);
    expect(head.calls.n).toBe(4);
  });

  it("sees a loose tag move beside packed refs, and a branch of the same name packed in ahead of it", async () => {
    const cache = new RefCache();
    const v1 = counted("v1");
    const tagged = commit("tagged");
    git("update-ref", "refs/tags/v1", tagged);
    expect(await cache.resolve(gitDir, "v1", v1.ask)).toBe(tagged);
    const retagged = commit("retagged");
    git("update-ref", "refs/tags/v1", retagged);
    await nextTurn();
    expect(await cache.resolve(gitDir, "v1", v1.ask)).toBe(retagged);
    expect(v1.calls.n).toBe(2);

    const branch = commit("branch v1");
    git("update-ref", "refs/heads/v1", branch);
    git("pack-refs", "--all", "--prune");
    git("update-ref", "refs/tags/v1", tagged);
    await nextTurn();
    expect(await cache.resolve(gitDir, "v1", v1.ask)).toBe(branch);
    expect(await cache.resolve(gitDir, "v1", v1.ask)).toBe(branch);
    expect(v1.calls.n).toBe(3);
  });

  it("looks at the files once per turn: a move is seen from the next turn on", async () => {
    const cache = new RefCache();
    const main = counted("main");
    const before = commit("before");
    git("update-ref", "refs/heads/main", before);
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(before);
    // The first hit looks at the files; later hits in the same turn share that look.
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(before);
    const after = commit("after");
    git("update-ref", "refs/heads/main", after, before);
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(before);
    await nextTurn();
    expect(await cache.resolve(gitDir, "main", main.ask)).toBe(after);
    expect(main.calls.n).toBe(2);
  });

  it("keeps a commit id across ref moves, but not past the repository's removal; never keeps a miss", async () => {
    const cache = new RefCache();
    const id = git("rev-parse", "main");
    const byId = counted(id);
    expect(await cache.resolve(gitDir, id, byId.ask)).toBe(id);
    git("update-ref", "refs/heads/main", commit("fourth"));
    await nextTurn();
    expect(await cache.resolve(gitDir, id, byId.ask)).toBe(id);
    expect(byId.calls.n).toBe(1);

    const missing = counted("nope");
    expect(await cache.resolve(gitDir, "nope", missing.ask)).toBeNull();
    expect(await cache.resolve(gitDir, "nope", missing.ask)).toBeNull();
    expect(missing.calls.n).toBe(2);

    rmSync(gitDir, { recursive: true });
    await nextTurn();
    expect(await cache.resolve(gitDir, id, byId.ask)).toBeNull();
    expect(byId.calls.n).toBe(2);
  });
});
