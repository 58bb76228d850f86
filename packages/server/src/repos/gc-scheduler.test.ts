// Background `git gc --auto`: after every N commits of a repository git is asked to pack, and packs when its own
// threshold says so. git estimates loose objects from folder objects/17 alone, so the files committed here are
// chosen to have blob ids starting with 17, and the repository's config lowers gc.auto to 1.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GcScheduler } from "./gc-scheduler.js";
import { openGitModelRepos } from "./git-model-repos.js";
import type { CommitRequest } from "./model-repos.js";

let dir: string;

const git = (gitDir: string, ...args: string[]): string =>
  execFileSync("git", [`--git-dir=${gitDir}`, ...args], { encoding: "utf8", stdio: "pipe" }).trim();

/** Loose and packed object counts of a repository. */
function objects(gitDir: string): { loose: number; packed: number } {
  const lines = Object.fromEntries(
    git(gitDir, "count-objects", "-v")
      .split("\n")
      .map((line) => line.split(": ")),
  );
  return { loose: Number(lines.count), packed: Number(lines["in-pack"]) };
}

/** `count` file contents whose git blob ids start with "17", from `seed` on. */
function contentsIn17(seed: string, count: number): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const data = `${seed} ${i}\n`;
    const id = createHash("sha1")
      .update(`blob ${Buffer.byteLength(data)}\0${data}`)
      .digest("hex");
    if (id.startsWith("17")) found.push(data);
  }
  return found;
}

function request(title: string, seed: string): CommitRequest {
  return {
    author: { name: "Ada", email: "ada@example.com" },
    title,
    date: new Date("2026-01-02T03:04:05Z"),
    changes: contentsIn17(seed, 2).map((data, i) => ({
      op: "put" as const,
      path: `${seed}-${i}.txt`,
      bytes: { data: Buffer.from(data) },
    })),
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "modelhub-gc-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("background git gc", () => {
  it("asks git to gc a repository on every Nth commit, not before", async () => {
    const repos = await openGitModelRepos(join(dir, "unit"), { gcEveryCommits: 1_000_000 });
    await repos.commit("acme/unit", request("one", "unit"));
    const gitDir = repos.gitDir("acme/unit");
    git(gitDir, "config", "gc.auto", "1");
    const scheduler = new GcScheduler(3);
    scheduler.committed(gitDir);
    scheduler.committed(gitDir);
    await scheduler.idle();
    expect(objects(gitDir)).toEqual({ loose: 4, packed: 0 });
    scheduler.committed(gitDir);
    await scheduler.idle();
    expect(objects(gitDir)).toEqual({ loose: 0, packed: 4 });
    scheduler.close();
    await repos.close();
  });

  it("packs what the repository layer committed, in the background, and the history stays readable", async () => {
    const repos = await openGitModelRepos(join(dir, "layer"), { gcEveryCommits: 2 });
    await repos.commit("acme/gc", request("first", "first"));
    const gitDir = repos.gitDir("acme/gc");
    git(gitDir, "config", "gc.auto", "1");
    expect(objects(gitDir)).toEqual({ loose: 4, packed: 0 });
    const second = await repos.commit("acme/gc", request("second", "second"));
    await expect.poll(() => objects(gitDir), { timeout: 10_000 }).toEqual({ loose: 0, packed: 8 });
    expect(git(gitDir, "log", "--format=%s", "main")).toBe("second\nfirst");
    expect(await repos.resolve("acme/gc", "main")).toBe(second.commit);
    await repos.close();
  });
});
