// `git push` over smart HTTP with a token as the password, LFS objects through the batch API first (git-lfs's
// pre-push hook), and the checks a push gets: role, fast-forward only unless an admin forces, refs, LFS objects.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentedToken } from "./credentials.js";
import { type FixtureHub, startFixtureHub } from "./fixture-hub.js";
import type { RepoAccess, RepoRole } from "./repo-access.js";
import { type GitSandbox, hasGitLfs } from "./test-git.js";

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");
const TOKENS: Record<string, RepoRole> = { hf_admin: "admin", hf_writer: "write", hf_reader: "read" };
const ACCESS: RepoAccess = {
  async grant(request: FastifyRequest) {
    const token = presentedToken(request.headers.authorization);
    const role = token === null ? undefined : TOKENS[token];
    return role ? { role, user: `user-${role}` } : { role: "read", user: null };
  },
};
const NEW_WEIGHTS = Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * 17 + 3) % 253));

const lfsAvailable = await hasGitLfs();
if (!lfsAvailable && process.env.CI) throw new Error("git-lfs is required under CI=1 (apt-get install git-lfs)");

describe.skipIf(!lfsAvailable)("git push through the hub", () => {
  let hub: FixtureHub;
  let box: GitSandbox;
  const remote = (token?: string) =>
    `${hub.url.replace("http://", token ? `http://user:${token}@` : "http://")}/acme/tiny`;
  const cloneAs = async (name: string, token?: string) => {
    const dest = join(box.root, name);
    await box.git(["clone", remote(token), dest]);
    return dest;
  };
  const commitFile = async (dir: string, path: string, body: Buffer | string, message: string) => {
    writeFileSync(join(dir, path), body);
    await box.git(["-C", dir, "add", path]);
    await box.git(["-C", dir, "commit", "-m", message]);
  };

  beforeAll(async () => {
    if (!lfsAvailable) console.warn("skipping git push tests: git-lfs is not installed");
    hub = await startFixtureHub([[{ path: "README.md", body: Buffer.from("# Tiny\n") }]], "unused", ACCESS);
    box = hub.box;
  });
  afterAll(async () => {
    await hub?.close();
  });

  it("pushes a new commit with an LFS file; a fresh clone gets it byte for byte", async () => {
    const work = await cloneAs("pusher", "hf_writer");
    await commitFile(work, "weights.bin", NEW_WEIGHTS, "add weights");
    await box.git(["-C", work, "push", "origin", "main"]);
    expect(hub.pushes).toEqual(["acme/tiny"]);
    expect(await hub.blobs.stat(sha256(NEW_WEIGHTS))).toEqual({
      sha256: sha256(NEW_WEIGHTS),
      size: NEW_WEIGHTS.length,
    });
    const fresh = await cloneAs("fresh");
    expect(sha256(readFileSync(join(fresh, "weights.bin")))).toBe(sha256(NEW_WEIGHTS));
    expect((await box.git(["-C", fresh, "log", "-1", "--format=%s"])).stdout.trim()).toBe("add weights");
  });

  it("refuses a push with no token, a wrong token or a read token, and moves nothing", async () => {
    const work = await cloneAs("refused", "hf_reader");
    await commitFile(work, "notes.txt", "hello\n", "notes");
    const head = (await box.git(["--git-dir", join(box.root, "acme", "tiny.git"), "rev-parse", "main"])).stdout;
    await expect(box.git(["-C", work, "push", remote(), "main"])).rejects.toThrow(
      /could not read Username|Authentication failed/,
    );
    await expect(box.git(["-C", work, "push", remote("hf_wrong"), "main"])).rejects.toThrow(
      /Authentication failed|could not read/,
    );
    await expect(box.git(["-C", work, "push", remote("hf_reader"), "main"])).rejects.toThrow(/403/);
    expect((await box.git(["--git-dir", join(box.root, "acme", "tiny.git"), "rev-parse", "main"])).stdout).toBe(head);
  });

  it("refuses rewriting main to a writer, even forced, and lets an admin force it", async () => {
    const work = await cloneAs("rewriter", "hf_writer");
    await box.git(["-C", work, "commit", "--amend", "-m", "rewritten"]);
    await expect(box.git(["-C", work, "push", "--force", "origin", "main"])).rejects.toThrow(
      /non-fast-forward|rejected/,
    );
    await box.git(["-C", work, "push", "--force", remote("hf_admin"), "main"]);
    const fresh = await cloneAs("after-force");
    expect((await box.git(["-C", fresh, "log", "-1", "--format=%s"])).stdout.trim()).toBe("rewritten");
  });

  it("refuses an LFS pointer whose object was never uploaded, and refs other than branches and tags", async () => {
    const work = await cloneAs("no-lfs-upload", "hf_writer");
    await commitFile(work, "lost.bin", Buffer.from("bytes the hub never receives"), "pointer only");
    // Without git-lfs's pre-push hook the pointer arrives alone.
    await expect(box.git(["-C", work, "-c", "core.hooksPath=/dev/null", "push", "origin", "main"])).rejects.toThrow(
      /were not uploaded to this repository first/,
    );
    await expect(
      box.git(["-C", work, "-c", "core.hooksPath=/dev/null", "push", "origin", "HEAD:refs/notes/x"]),
    ).rejects.toThrow(/only branches and tags/);
    await expect(box.git(["-C", work, "push", "origin", ":refs/heads/main"])).rejects.toThrow(
      /deletion prohibited|rejected/,
    );
  });
});
