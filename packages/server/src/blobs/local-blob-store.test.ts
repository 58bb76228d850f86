import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "../test-utils/blob-store-contract.js";
import { LocalBlobStore, TEMP_DIR } from "./local-blob-store.js";
import { STALE_TEMP_MS, tempFileName } from "./temp-files.js";

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

describeBlobStoreContract("local disk", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "modelhub-blobs-"));
  const store = await LocalBlobStore.open(dataDir);
  return {
    store,
    objects: () => filesUnder(store.root),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
});

describe("LocalBlobStore", () => {
  it("lays blobs out as blobs/ab/cd/<sha256>", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "modelhub-blobs-"));
    const store = await LocalBlobStore.open(dataDir);
    const { sha256 } = await store.put(Readable.from([Buffer.from("layout")]));
    expect(await filesUnder(join(dataDir, "blobs"))).toEqual([join(sha256.slice(0, 2), sha256.slice(2, 4), sha256)]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("removes, on open, temporary files of dead writers and long-untouched ones, and keeps live ones", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "modelhub-blobs-"));
    const tempDir = join(dataDir, "blobs", TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    // Process ids above the kernel's pid_max (4194304) never belong to a live process.
    const dead = tempFileName(4_194_305);
    const live = tempFileName(process.pid);
    const old = tempFileName(process.pid);
    for (const name of [dead, live, old, "notes.txt"]) await writeFile(join(tempDir, name), "partial");
    const longAgo = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    await utimes(join(tempDir, old), longAgo, longAgo);

    await LocalBlobStore.open(dataDir);
    expect((await readdir(tempDir)).sort()).toEqual([live, "notes.txt"].sort());
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes blobs readable by others but not writable", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "modelhub-blobs-"));
    const store = await LocalBlobStore.open(dataDir);
    const { sha256 } = await store.put(Readable.from([Buffer.from("mode")]));
    expect((await stat(store.blobPath(sha256))).mode & 0o022).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  });
});
