// Start-up step of a hub with repositories, after the index repair: orphan blobs are swept (orphan-sweep.ts) before
// the first request, so nothing in this process can be committing a pointer to one meanwhile.
import { createLfsReferences } from "../protocol/lfs-references.js";
import type { ModelRepos } from "../repos/model-repos.js";
import { repositoriesOnDisk } from "../repos/repo-index.js";
import type { Store } from "../store/store.js";
import type { LocalBlobStore } from "./local-blob-store.js";
import { sweepOrphanBlobs } from "./orphan-sweep.js";

/** Sweeps the orphan blobs of `blobs` older than `maxUploadMs`; tells `log` how many went. Returns their hashes. */
export async function sweepOrphanBlobsOnStart(
  store: Store,
  repos: ModelRepos,
  blobs: LocalBlobStore,
  maxUploadMs: number,
  log: (message: string, fields: Record<string, unknown>) => void,
  now = Date.now(),
): Promise<string[]> {
  const references = createLfsReferences();
  const removed = await sweepOrphanBlobs({
    blobs,
    indexed: (sha256s) => store.blobsInUse(sha256s),
    gitDirs: async () => (await repositoriesOnDisk(repos.root)).map((id) => repos.gitDir(id)),
    inHistory: (gitDir, sha256s) => references.referenced(gitDir, sha256s),
    maxUploadMs,
    now,
  });
  if (removed.length > 0) log("orphan blobs removed", { count: removed.length, blobs: removed.slice(0, 20) });
  return removed;
}
