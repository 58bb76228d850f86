// How a git push is checked, as a commit through the API is: a caller with write access, branches and tags only,
// no rewriting history (a non-fast-forward update needs an admin and `git push --force`), no deleted refs, objects
// checked by git's fsck (no `..`, `.git` or malformed paths), a size limit on the pack, LFS objects uploaded first
// (to this repository: a pointer to an object only another repository owns is refused, see lfs-ownership.ts).

import { BLOBS_ROOT_ENV, OWNED_OIDS_ENV } from "./pre-receive-hook.js";
import type { RepoGrant } from "./repo-access.js";

/** What the policy needs to know about the hub. */
export interface PushLimits {
  /** Largest pack a push may send, in bytes (LFS objects travel apart, through the batch API). */
  maxPushBytes: number;
  /** The folder holding the pre-receive hook. */
  hooksPath: string;
  /** The folder of LFS objects (`ab/cd/<sha256>`), which the hook checks pointers against. */
  blobsRoot: string;
}

/** The `git -c` settings of a push by a caller holding `grant`. */
export function pushConfig(grant: RepoGrant, limits: PushLimits): Record<string, string> {
  return {
    "core.hooksPath": limits.hooksPath,
    "receive.fsckObjects": "true",
    "receive.denyDeletes": "true",
    "receive.denyNonFastForwards": grant.role === "admin" ? "false" : "true",
    "receive.maxInputSize": String(limits.maxPushBytes),
    "receive.advertisePushOptions": "false",
    // git's automatic repacking runs in the background after a push; the hub would not wait for it.
    "receive.autogc": "false",
  };
}

/** The environment the hook reads: the blob store's folder, and the file listing the objects the repository owns. */
export function pushHookEnv(limits: PushLimits, ownedList: string): Record<string, string> {
  return { [BLOBS_ROOT_ENV]: limits.blobsRoot, [OWNED_OIDS_ENV]: ownedList };
}
