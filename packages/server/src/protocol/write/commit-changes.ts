// From the parsed commit operations to the repository layer's changes: regular files as git blobs (or, when the
// field would store them in LFS, as blob-store objects), uploaded LFS objects checked against the blob store,
// deletions checked against the head's files. Nothing is written here except blob-store objects for large regular
// files, which the caller releases when the commit fails.
import { Readable } from "node:stream";
import type { BlobStore } from "../../blobs/blob-store.js";
import { HubError } from "../../errors.js";
import type { RepoFile } from "../../files/repo-file.js";
import { isLfsFile } from "../../repos/lfs-rules.js";
import type { FileChange } from "../../repos/model-repos.js";
import type { CommitOperation } from "./commit-payload.js";

/** The changes of a commit and the blob-store objects written for it (to release if the commit fails). */
export interface PreparedChanges {
  /** The changes, in the payload's order. */
  changes: FileChange[];
  /** sha256 of objects this call put in the blob store. */
  written: string[];
}

function entryNotFound(path: string): HubError {
  return new HubError("not_found", `A file with this name doesn't exist: "${path}"`, "EntryNotFound");
}

/** The `X-Error-Code` of a pointer to an object the repository does not own (or that is not stored at all). */
export const LFS_NOT_UPLOADED = "LfsObjectNotUploaded";

/** The changes of `operations` against the head's `files`; `owned`: the LFS objects the repository owns. */
export async function prepareChanges(
  operations: readonly CommitOperation[],
  files: readonly RepoFile[],
  blobs: BlobStore,
  owned: ReadonlySet<string>,
): Promise<PreparedChanges> {
  const present = new Set(files.map((f) => f.path));
  const changes: FileChange[] = [];
  const written: string[] = [];
  try {
    for (const op of operations) {
      switch (op.kind) {
        case "file": {
          if (!isLfsFile(op.path, op.content.length)) {
            changes.push({ op: "put", path: op.path, bytes: { data: op.content } });
            break;
          }
          const stored = await blobs.put(Readable.from([op.content]));
          written.push(stored.sha256);
          changes.push({ op: "put", path: op.path, lfs: { sha256: stored.sha256, size: stored.size } });
          break;
        }
        case "lfsFile": {
          // An object stored only for other repositories is as absent as one never uploaded (lfs-ownership.ts).
          const stored = owned.has(op.oid) ? await blobs.stat(op.oid) : null;
          if (!stored) {
            throw new HubError(
              "bad_request",
              `"${op.path}": LFS object ${op.oid} was not uploaded to this repository (use the batch API)`,
              LFS_NOT_UPLOADED,
            );
          }
          if (op.size !== null && op.size !== stored.size) {
            throw new HubError(
              "bad_request",
              `"${op.path}": object ${op.oid} has ${stored.size} bytes, not ${op.size}`,
            );
          }
          changes.push({ op: "put", path: op.path, lfs: { sha256: op.oid, size: stored.size } });
          break;
        }
        case "deletedFile":
          if (!present.has(op.path)) throw entryNotFound(op.path);
          changes.push({ op: "delete", path: op.path });
          break;
        case "deletedFolder":
          if (![...present].some((p) => p.startsWith(`${op.path}/`))) throw entryNotFound(`${op.path}/`);
          changes.push({ op: "delete", path: op.path });
          break;
      }
    }
  } catch (error) {
    (error as { written?: string[] }).written = written;
    throw error;
  }
  return { changes, written };
}
