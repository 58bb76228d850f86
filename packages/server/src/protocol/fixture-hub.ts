// A test hub serving only the protocol routes over one fixture repository `acme/tiny` made with git and git-lfs,
// its LFS objects in a real blob store. Tests of the whole app use the repository layer instead.
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { LocalBlobStore } from "../blobs/local-blob-store.js";
import { handleError } from "../errors.js";
import { memoryLfsIndex } from "./lfs-ownership.js";
import { registerProtocol } from "./register-protocol.js";
import { adminTokenAccess, type RepoAccess } from "./repo-access.js";
import { type FixtureFile, type GitSandbox, gitSandbox, makeFixtureRepo } from "./test-git.js";

/** A running fixture hub. */
export interface FixtureHub {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The git sandbox (HOME with git-lfs installed) that made the repository; clones go inside it. */
  box: GitSandbox;
  /** The blob store of LFS objects. */
  blobs: LocalBlobStore;
  /** Every LFS download reported, as `<id> <oid>`. */
  downloads: string[];
  /** The hub's log lines (JSON). */
  logs: string[];
  /** Every push reported to the hub (after git received it), by model id. */
  pushes: string[];
  /** Stops the hub and removes its folders. */
  close(): Promise<void>;
}

/**
 * Starts a hub whose `acme/tiny` has one commit per entry of `commits`; `token` is the admin token unless `access`
 * decides. It accepts pushes.
 */
export async function startFixtureHub(
  commits: readonly (readonly FixtureFile[])[],
  token: string,
  access: RepoAccess = adminTokenAccess(token),
): Promise<FixtureHub> {
  const box = await gitSandbox({ lfs: true });
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-protocol-"));
  const blobs = await LocalBlobStore.open(dataDir);
  const objects = await makeFixtureRepo(box, join(box.root, "acme", "tiny.git"), commits);
  for (const path of objects.values()) await blobs.put(createReadStream(path));
  const downloads: string[] = [];
  const pushes: string[] = [];
  const logs: string[] = [];
  const app = Fastify({ logger: { level: "info", stream: { write: (line: string) => void logs.push(line) } } });
  app.setErrorHandler(handleError);
  await registerProtocol(app, {
    repos: { gitDir: (id) => join(box.root, `${id}.git`), exists: async (id) => id === "acme/tiny" },
    blobs,
    lfsIndex: memoryLfsIndex(),
    access,
    signingSecret: token,
    maxUploadBytes: 10_000_000,
    now: () => new Date(),
    onLfsDownload: (id, oid) => downloads.push(`${id} ${oid}`),
    push: { blobsRoot: blobs.root, maxPushBytes: 5_000_000, afterPush: async (id) => void pushes.push(id) },
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    box,
    blobs,
    downloads,
    pushes,
    logs,
    async close() {
      await app.close();
      box.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
