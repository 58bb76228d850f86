// The start-up sweep of orphan blobs: a blob no file row, no LFS object index row (`model_lfs_objects`: indexed
// revisions and objects uploaded to a repository) and no LFS pointer anywhere in any repository's git history names
// is garbage, left by an upload cut off between storing its bytes and committing (kill -9, a client that gave up).
// Only blobs last written longer ago than the longest upload are swept, so an upload in flight in another process
// (or an LFS upload session whose commit has not come yet) is never touched.
import type { LocalBlobStore } from "./local-blob-store.js";

/** Default longest upload (MODELHUB_MAX_UPLOAD_HOURS): from an object's bytes to the commit that points at it. */
export const DEFAULT_MAX_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** What the sweep asks. */
export interface OrphanSweepDeps {
  /** The blob store swept. */
  blobs: LocalBlobStore;
  /** Of `sha256s`, those a file row or the LFS object index names. */
  indexed(sha256s: readonly string[]): Promise<ReadonlySet<string>>;
  /** Every repository's git directory. */
  gitDirs(): Promise<string[]>;
  /** Of `sha256s`, those an LFS pointer in the history of any ref of `gitDir` names. */
  inHistory(gitDir: string, sha256s: readonly string[]): Promise<ReadonlySet<string>>;
  /** A blob last written this long ago or less is kept whatever refers to it. */
  maxUploadMs: number;
  /** The time now, in ms. */
  now: number;
}

/** Hashes asked of the index at once. */
const BATCH = 500;

/** Deletes the orphan blobs of `deps.blobs`; returns their hashes. */
export async function sweepOrphanBlobs(deps: OrphanSweepDeps): Promise<string[]> {
  const old: string[] = [];
  for await (const blob of deps.blobs.entries()) {
    if (deps.now - blob.mtimeMs > deps.maxUploadMs) old.push(blob.sha256);
  }
  let orphans: string[] = [];
  for (let start = 0; start < old.length; start += BATCH) {
    const batch = old.slice(start, start + BATCH);
    const indexed = await deps.indexed(batch);
    orphans.push(...batch.filter((sha256) => !indexed.has(sha256)));
  }
  // The index lists the objects of indexed revisions; history also holds those of pushed commits that were never
  // the head of main (and of other branches). Read only while candidates remain.
  if (orphans.length > 0) {
    for (const gitDir of await deps.gitDirs()) {
      const referenced = await deps.inHistory(gitDir, orphans);
      orphans = orphans.filter((sha256) => !referenced.has(sha256));
      if (orphans.length === 0) break;
    }
  }
  const removed: string[] = [];
  for (const sha256 of orphans) {
    if (await deps.blobs.deleteIfUnreferenced(sha256, async () => false)) removed.push(sha256);
  }
  return removed;
}
