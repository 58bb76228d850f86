// The whole hub (repository layer, index, download counting) through Debian's git and git-lfs: files uploaded
// through the API clone byte for byte, `git lfs pull` fetches LFS files, a push lands in the index like a commit.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_GITATTRIBUTES } from "../repos/lfs-rules.js";
import { hubModel } from "../test-utils/hub-models.js";
import { useSeededRepoHub } from "../test-utils/seeded-repo-hub.js";
import { TEST_TOKEN } from "../test-utils/test-app.js";
import { hasGitLfs } from "./test-git.js";

const sha256 = (bytes: Buffer | string): string => createHash("sha256").update(bytes).digest("hex");
const WEIGHTS = Buffer.from(Array.from({ length: 700_000 }, (_, i) => (i * 29 + 11) % 241));
const PUSHED = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + 5) % 239));
const CONFIG = '{"architectures": ["FastText"]}\n';

const lfsAvailable = await hasGitLfs();
if (!lfsAvailable && process.env.CI) throw new Error("git-lfs is required under CI=1 (apt-get install git-lfs)");
if (!lfsAvailable) console.warn("skipping hub git tests: git-lfs is not installed");

describe.skipIf(!lfsAvailable)("git and git-lfs against the hub", () => {
  const withToken = (token: string) => hub.url.replace("http://", `http://user:${token}@`);
  const { hub, fx, box } = useSeededRepoHub({
    models: [hubModel("acme/tiny", { library_name: "fasttext" }), hubModel("acme/secret")],
    git: { lfs: true },
    async setUp() {
      // As on the field's hubs, the repository's .gitattributes tells git-lfs in a clone which files are LFS.
      for (const [path, body] of [
        [".gitattributes", Buffer.from(DEFAULT_GITATTRIBUTES)],
        ["model.bin", WEIGHTS],
        ["config.json", Buffer.from(CONFIG)],
      ] as const) {
        expect((await hub.admin(`/api/models/acme/tiny/files/${path}`, { method: "PUT", body })).status).toBe(201);
      }
      const secret = await hub.admin("/api/models/acme/secret/files/README.md", { method: "PUT", body: "# secret\n" });
      expect(secret.status).toBe(201);
      expect(await hub.store.setPrivate("acme/secret", true)).toBe(true);
    },
  });

  it("clones what the API stored, LFS file included, and counts the LFS download by the library's query", async () => {
    const dest = join(box.root, "clone");
    await box.git(["clone", `${hub.url}/acme/tiny`, dest]);
    expect(sha256(readFileSync(join(dest, "model.bin")))).toBe(sha256(WEIGHTS));
    expect(readFileSync(join(dest, "config.json"), "utf8")).toBe(CONFIG);
    expect((await box.git(["-C", dest, "lfs", "ls-files", "-n"])).stdout.trim()).toBe("model.bin");
    await expect.poll(async () => (await hub.store.getModel("acme/tiny"))?.downloads, { timeout: 5000 }).toBe(1);
  });

  it("git lfs pull fills a clone made without LFS", async () => {
    const dest = join(box.root, "pointers");
    await box.git(["clone", `${hub.url}/acme/tiny.git`, dest], undefined, { GIT_LFS_SKIP_SMUDGE: "1" });
    expect(readFileSync(join(dest, "model.bin"), "utf8")).toContain(`oid sha256:${sha256(WEIGHTS)}`);
    await box.git(["-C", dest, "lfs", "pull"]);
    expect(sha256(readFileSync(join(dest, "model.bin")))).toBe(sha256(WEIGHTS));
  });

  it("takes a push with an LFS file into the index; resolve and a fresh clone serve it", async () => {
    const work = join(box.root, "pusher");
    await box.git(["clone", `${withToken(TEST_TOKEN)}/acme/tiny`, work]);
    writeFileSync(join(work, "pushed.bin"), PUSHED);
    await box.git(["-C", work, "add", "pushed.bin"]);
    await box.git(["-C", work, "commit", "-m", "push an LFS file"]);
    await box.git(["-C", work, "push", "origin", "main"]);
    const files = ((await (await hub.fetch("/api/models/acme/tiny/files")).json()) as { path: string }[]).map(
      (f) => f.path,
    );
    expect(files).toContain("pushed.bin");
    const resolved = await hub.fetch("/acme/tiny/resolve/main/pushed.bin");
    expect(sha256(Buffer.from(await resolved.arrayBuffer()))).toBe(sha256(PUSHED));
    const fresh = join(box.root, "fresh");
    await box.git(["clone", `${hub.url}/acme/tiny`, fresh]);
    expect(sha256(readFileSync(join(fresh, "pushed.bin")))).toBe(sha256(PUSHED));
    // It travelled as an LFS object (the batch API's upload), not as a git blob.
    expect((await box.git(["-C", fresh, "lfs", "ls-files", "-n"])).stdout.split("\n")).toContain("pushed.bin");
    expect(await hub.blobs.stat(sha256(PUSHED))).not.toBeNull();
  });

  it("hides a private model from git: anonymous callers are challenged exactly as for a missing one", async () => {
    for (const id of ["acme/secret", "acme/missing"]) {
      const response = await hub.fetch(`/${id}/info/refs?service=git-upload-pack`);
      expect(response.status, id).toBe(401);
      expect(await response.json(), id).toEqual({ error: "authentication required" });
      const batch = await hub.fetch(`/${id}.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { "content-type": "application/vnd.git-lfs+json" },
        body: JSON.stringify({ operation: "download", objects: [] }),
      });
      expect(batch.status, id).toBe(401);
    }
    await expect(box.git(["clone", `${hub.url}/acme/secret`, join(box.root, "s0")])).rejects.toThrow(
      /could not read Username/,
    );
    await box.git(["clone", `${withToken(TEST_TOKEN)}/acme/secret`, join(box.root, "s1")]);
    expect(readFileSync(join(box.root, "s1", "README.md"), "utf8")).toBe("# secret\n");
  });

  it("checks a push like a commit: a member's write token pushes; read, revoked, expired or outside tokens do not", async () => {
    const work = join(box.root, "members");
    await box.git(["clone", `${withToken(fx.aliceRead)}/acme/tiny`, work]);
    writeFileSync(join(work, "members.txt"), "alice was here\n");
    await box.git(["-C", work, "add", "members.txt"]);
    await box.git(["-C", work, "commit", "-m", "alice"]);
    const refusals: [string, RegExp][] = [
      [fx.aliceRead, /403/], // alice may write to acme, but this token only reads
      [fx.ritaWrite, /403/], // rita only reads acme, whatever her token says
      [fx.bobWrite, /403/], // bob is in another org; acme/tiny is public, so he sees it
      [fx.revoked, /Authentication failed/],
      [fx.expired, /Authentication failed/],
    ];
    for (const [token, refusal] of refusals) {
      await expect(box.git(["-C", work, "push", `${withToken(token)}/acme/tiny`, "main"])).rejects.toThrow(refusal);
    }
    await box.git(["-C", work, "push", `${withToken(fx.aliceWrite)}/acme/tiny`, "main"]);
    const files = ((await (await hub.fetch("/api/models/acme/tiny/files")).json()) as { path: string }[]).map(
      (f) => f.path,
    );
    expect(files).toContain("members.txt");
  });

  it("refuses a push without a token", async () => {
    const work = join(box.root, "anonymous");
    await box.git(["clone", `${hub.url}/acme/tiny`, work]);
    writeFileSync(join(work, "x.txt"), "x\n");
    await box.git(["-C", work, "add", "x.txt"]);
    await box.git(["-C", work, "commit", "-m", "x"]);
    await expect(box.git(["-C", work, "push", "origin", "main"])).rejects.toThrow(/could not read Username/);
  });
});
