// The repository layer's interface: every model is a bare git repository (see README.md in this folder).
// Routes, the file service, git smart HTTP and the write protocol all go through it; git is the truth for files.
import type { Readable } from "node:stream";
import type { LfsPointer } from "./lfs-pointer.js";

/** The branch every change goes to, and the one a new repository's HEAD names. */
export const MAIN_BRANCH = "main";

/** One file of a commit's tree. */
export interface RepoEntry {
  /** Path inside the repository, `/`-separated. */
  path: string;
  /** git's blob id (40 hex) of the entry: the content, or for LFS files the pointer text. */
  oid: string;
  /** git's file mode: "100644", "100755" or "120000". */
  mode: string;
  /** Size of the file's bytes (for LFS files, the object's size, not the pointer's). */
  size: number;
  /** The LFS pointer when the tree holds one (bytes in the blob store), or null for content stored in git. */
  lfs: (LfsPointer & { pointerSize: number }) | null;
  /** sha256 of a git-stored file's bytes, when the commit that wrote it knew them (saves reading them back). */
  contentSha256?: string;
}

/** The files of one commit; immutable, so cached by commit id. */
export interface RepoSnapshot {
  /** The commit id (40 hex). */
  commit: string;
  /** Every file, sorted by path (byte order, as git sorts). */
  files: readonly RepoEntry[];
  /** The same files by path. */
  byPath: ReadonlyMap<string, RepoEntry>;
}

/** A person in a commit. */
export interface CommitPerson {
  /** Display name. */
  name: string;
  /** E-mail address (may be a placeholder such as `name@users.noreply.modelhub`). */
  email: string;
}

/** One commit of the history. */
export interface CommitInfo {
  /** Commit id (40 hex). */
  id: string;
  /** Parent ids (none for the first commit). */
  parents: string[];
  /** Root tree id. */
  tree: string;
  /** Author. */
  author: CommitPerson;
  /** Author date, ISO 8601 in UTC. */
  date: string;
  /** First line of the message. */
  title: string;
  /** The rest of the message, without the blank line after the title. */
  message: string;
}

/** A branch or tag. */
export interface RepoRef {
  /** Short name (`main`, `v1.0`). */
  name: string;
  /** Full name (`refs/heads/main`). */
  ref: string;
  /** The commit it points at (tags are peeled). */
  commit: string;
}

/** Where a regular (non-LFS) file's bytes come from when committing. */
export type FileBytes = { data: Uint8Array } | { file: string };

/** One change of a commit. Folder deletes remove every file under the path. */
export type FileChange =
  | { op: "put"; path: string; bytes: FileBytes; executable?: boolean }
  /** The object must already be in the blob store under `sha256`; the tree gets its pointer. */
  | { op: "put"; path: string; lfs: LfsPointer }
  | { op: "delete"; path: string };

/** What a commit writes. */
export interface CommitRequest {
  /** Branch to move (default `main`). */
  branch?: string;
  /**
   * The head the caller based its changes on: the commit is refused (`precondition_failed`) when the branch has
   * moved. `null` requires the branch not to exist; undefined takes whatever the head is.
   */
  expectedHead?: string | null;
  /** Author (also the committer). */
  author: CommitPerson;
  /** First line of the message. */
  title: string;
  /** Body of the message. */
  description?: string;
  /** Author and commit date. */
  date: Date;
  /** The changes, applied in order; a later change of a path wins. */
  changes: readonly FileChange[];
  /** Start from an empty tree rather than the head's (a folder import replaces every file). */
  replaceAll?: boolean;
}

/** What a commit did. */
export interface CommitResult {
  /** The new head; equal to `parent` when the tree did not change (no commit is made then). */
  commit: string;
  /** The head before, or null for the first commit. */
  parent: string | null;
  /** False when the changes left the tree as it was. */
  changed: boolean;
  /** The files at the new head. */
  snapshot: RepoSnapshot;
}

/** A blob's bytes as a stream, with its size. */
export interface BlobStream {
  /** Length in bytes of what `stream` yields. */
  size: number;
  /** The bytes. */
  stream: Readable;
  /** The same bytes, when they are in memory (small blobs): cheaper to send than the stream. */
  bytes?: Buffer;
}

/** Every model's git repository. Methods throw `HubError`s; a damaged repository fails only its own calls. */
export interface ModelRepos {
  /** Folder of all repositories. */
  readonly root: string;
  /** The bare git directory of model `id` (may not exist). */
  gitDir(id: string): string;
  /** True when the model has a repository. */
  exists(id: string): Promise<boolean>;
  /** Creates an empty bare repository for `id` (HEAD → main, no commit); harmless when it exists. */
  init(id: string): Promise<void>;
  /** Removes the repository of `id` (nothing when there is none). */
  remove(id: string): Promise<void>;
  /** Renames the repository of `from` to `to`; a `conflict` when `to` has one. */
  move(from: string, to: string): Promise<void>;
  /**
   * The commit a revision names: a branch, a tag, `HEAD`, or a full 40-hex commit id; null when it names nothing
   * (or the repository does not exist). A malformed revision is a `bad_request`.
   */
  resolve(id: string, revision: string): Promise<string | null>;
  /** The files of commit `commit` (a full id from `resolve`). */
  snapshot(id: string, commit: string): Promise<RepoSnapshot>;
  /** What `resolve` would answer, when it is known without asking git (and still true); else undefined. */
  cachedCommit(id: string, revision: string): string | undefined;
  /** What `snapshot` would answer, when it is in memory; else undefined. */
  cachedSnapshot(id: string, commit: string): RepoSnapshot | undefined;
  /** The bytes of git blob `oid` (small blobs come from memory). */
  readBlob(id: string, oid: string): Promise<Buffer>;
  /** The bytes of git blob `oid` as a stream, optionally only `range` (inclusive) of them. */
  streamBlob(id: string, oid: string, range?: { start: number; end: number }): Promise<BlobStream>;
  /** Commits reachable from `commit`, newest first, `skip` then at most `limit`; and how many there are in all. */
  history(
    id: string,
    commit: string,
    page: { skip: number; limit: number },
  ): Promise<{ total: number; commits: CommitInfo[] }>;
  /** One commit. */
  commitInfo(id: string, commit: string): Promise<CommitInfo>;
  /** The last commit reachable from `commit` that changed `path`, or null. */
  lastCommit(id: string, commit: string, path: string): Promise<CommitInfo | null>;
  /** The git tree id of folder `path` at `commit`. */
  treeId(id: string, commit: string, path: string): Promise<string>;
  /** The diff from commit `from` to commit `to` (full ids from `resolve`) in git's format, streamed. */
  diff(id: string, from: string, to: string): Readable;
  /** Branches and tags. */
  refs(id: string): Promise<{ branches: RepoRef[]; tags: RepoRef[] }>;
  /** Makes one commit on the branch (creating the repository if needed); compare-and-swap on the branch head. */
  commit(id: string, request: CommitRequest): Promise<CommitResult>;
  /** Stops the helper processes. */
  close(): Promise<void>;
}
