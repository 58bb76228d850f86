// Debian's git and git-lfs against the protocol routes: what a user types gives byte-identical files.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureHub, startFixtureHub } from "./fixture-hub.js";
import { type GitSandbox, hasGitLfs } from "./test-git.js";

const OLD_WEIGHTS = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 13) % 256));
const WEIGHTS = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => (i * 31 + 7) % 251));
const CONFIG = Buffer.from('{"architectures": ["TinyModel"]}\n');

// Hashes compare large buffers in a blink where a deep equality walks every byte.
const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

const lfsAvailable = await hasGitLfs();
if (!lfsAvailable && process.env.CI) throw new Error("git-lfs is required under CI=1 (apt-get install git-lfs)");

describe.skipIf(!lfsAvailable)("git clone and git lfs pull through the hub", () => {
  let hub: FixtureHub;
  let box: GitSandbox;
  let url: string;

  beforeAll(async () => {
    if (!lfsAvailable) console.warn("skipping git-lfs client tests: git-lfs is not installed");
    hub = await startFixtureHub(
      [
        [{ path: "model/weights.bin", body: OLD_WEIGHTS }],
        [
          { path: "model/weights.bin", body: WEIGHTS },
          { path: "config.json", body: CONFIG },
        ],
      ],
      "secret",
    );
    ({ url, box } = hub);
  });
  afterAll(async () => {
    await hub?.close();
  });

  it("git clone checks the LFS file out byte for byte (git-lfs's smudge filter uses the batch API)", async () => {
    const dest = join(box.root, "clone-smudged");
    await box.git(["clone", `${url}/acme/tiny`, dest]);
    expect(sha256(readFileSync(join(dest, "model", "weights.bin")))).toBe(sha256(WEIGHTS));
    expect(sha256(readFileSync(join(dest, "config.json")))).toBe(sha256(CONFIG));
    expect(hub.downloads).toContain(`acme/tiny ${sha256(WEIGHTS)}`);
  });

  it("git lfs pull in a clone made without LFS fetches the objects, at an old commit too", async () => {
    const dest = join(box.root, "clone-pointers");
    await box.git(["clone", `${url}/acme/tiny.git`, dest], undefined, { GIT_LFS_SKIP_SMUDGE: "1" });
    const pointer = readFileSync(join(dest, "model", "weights.bin"), "utf8");
    expect(pointer).toMatch(
      /^version https:\/\/git-lfs.github.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 1500000\n$/,
    );
    await box.git(["-C", dest, "lfs", "pull"]);
    expect(sha256(readFileSync(join(dest, "model", "weights.bin")))).toBe(sha256(WEIGHTS));
    await box.git(["-C", dest, "checkout", "-q", "HEAD~1"], undefined, { GIT_LFS_SKIP_SMUDGE: "1" });
    await box.git(["-C", dest, "lfs", "pull"]);
    expect(sha256(readFileSync(join(dest, "model", "weights.bin")))).toBe(sha256(OLD_WEIGHTS));
  });
});
