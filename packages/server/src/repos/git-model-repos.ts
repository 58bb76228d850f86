// The repository layer on Debian's git: one bare repository per model, read through a long-lived
// `git cat-file --batch-command` per repository, written with plumbing (hash-object, update-index on a temporary
// index, write-tree, commit-tree, update-ref with the old head as compare-and-swap).
import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { boundedMemo } from "../cache/bounded-memo.js";
import { createLruCache } from "../cache/lru-cache.js";
import { HubError } from "../errors.js";
import { createKeyedLock } from "../files/keyed-lock.js";
import { parseCommitObject } from "./commit-object.js";
import { writeCommit } from "./commit-writer.js";
import { streamDiff } from "./diff-stream.js";
import { GcScheduler } from "./gc-scheduler.js";
import { GitCommandError, runGit } from "./git-command.js";
import { GitObjectReader } from "./git-object-reader.js";
import { streamLargeBlob } from "./large-blob-stream.js";
import { MAX_POINTER_BYTES, parseLfsPointer } from "./lfs-pointer.js";
import type {
  BlobStream,
  CommitInfo,
  CommitRequest,
  CommitResult,
  ModelRepos,
  RepoEntry,
  RepoRef,
  RepoSnapshot,
} from "./model-repos.js";
import { MAIN_BRANCH } from "./model-repos.js";
import { RefCache } from "./ref-cache.js";
import { modelGitDir } from "./repo-layout.js";
import { COMMIT_ID, revisionProblem } from "./revision.js";
import { makeSnapshot } from "./snapshot.js";
import { parseTreeListing } from "./tree-listing.js";

/** Folder under the repos root for repositories being created or removed (renames into and out of it are atomic). */
export const STAGING_DIR = ".staging";

/** Blobs up to this size are kept in memory once read (config.json, README.md). */
const CACHED_BLOB_BYTES = 256 * 1024;
/** Blobs up to this size are read through the batch process; larger ones are streamed by their own process. */
const BATCHED_BLOB_BYTES = 4 * 1024 * 1024;
/** Repositories with a live reader process. */
const MAX_READERS = 32;

/** Tells that a repository could not be read: a bug or damage, logged with the repository's name (a 500). */
export class DamagedRepositoryError extends Error {
  constructor(
    readonly modelId: string,
    cause: unknown,
  ) {
    super(`repository of "${modelId}" cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "DamagedRepositoryError";
  }
}

/** Repository paths kept by id (strings of a few dozen bytes each). */
const MAX_KEPT_DIRS = 10_000;

/** Options of the repository layer. */
export interface GitModelReposOptions {
  /** Commits to one repository between two background `git gc --auto` runs (default `GC_EVERY_COMMITS`). */
  gcEveryCommits?: number;
}

/** Opens the repository layer over `root` (created when missing; leftovers of a crash are removed). */
export async function openGitModelRepos(root: string, options: GitModelReposOptions = {}): Promise<ModelRepos> {
  await mkdir(root, { recursive: true });
  await rm(join(root, STAGING_DIR), { recursive: true, force: true });
  await mkdir(join(root, STAGING_DIR), { recursive: true });
  return new GitModelRepos(root, new GcScheduler(options.gcEveryCommits));
}

/** A commit's files as listed, or being listed: `value` once the listing is done. */
interface SnapshotEntry {
  listing: Promise<RepoSnapshot>;
  value: RepoSnapshot | undefined;
}

class GitModelRepos implements ModelRepos {
  private readonly readers = new Map<string, GitObjectReader>();
  private readonly snapshots = createLruCache<string, SnapshotEntry>({ max: 128, ttlMs: 24 * 3600_000 });
  private readonly blobs = createLruCache<string, Buffer>({ max: 512, ttlMs: 3600_000 });
  private readonly counts = createLruCache<string, number>({ max: 1024, ttlMs: 24 * 3600_000 });
  private readonly refCache = new RefCache();
  // Asked several times per read (revision, snapshot, blob): the path of an id never changes, so it is kept.
  private readonly dirs = boundedMemo<string, string>(MAX_KEPT_DIRS);
  private readonly dirOf = (id: string) => modelGitDir(this.root, id);
  private readonly lock = createKeyedLock();

  constructor(
    readonly root: string,
    private readonly gcScheduler: GcScheduler,
  ) {}

  gitDir(id: string): string {
    return this.dirs(id, this.dirOf);
  }

  async exists(id: string): Promise<boolean> {
    return (await stat(join(this.gitDir(id), "HEAD")).catch(() => null)) !== null;
  }

  async init(id: string): Promise<void> {
    const gitDir = this.gitDir(id);
    await this.lock.run(gitDir, () => this.initLocked(id, gitDir));
  }

  private async initLocked(id: string, gitDir: string): Promise<void> {
    if (await this.exists(id)) return;
    // Made aside and renamed into place, so a repository is either complete or absent.
    const staging = join(this.root, STAGING_DIR, `${randomUUID()}.git`);
    // What `git init --bare` writes that git needs, without a process: HEAD on main, the config, empty stores.
    for (const dir of ["objects/info", "objects/pack", "refs/heads", "refs/tags"]) {
      await mkdir(join(staging, dir), { recursive: true });
    }
    await writeFile(
      join(staging, "config"),
      "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n",
    );
    await writeFile(join(staging, "HEAD"), `ref: refs/heads/${MAIN_BRANCH}\n`);
    await mkdir(dirname(gitDir), { recursive: true });
    await rename(staging, gitDir);
  }

  async remove(id: string): Promise<void> {
    const gitDir = this.gitDir(id);
    await this.lock.run(gitDir, async () => {
      this.dropReader(gitDir);
      this.refCache.forget(gitDir);
      const trash = join(this.root, STAGING_DIR, `${randomUUID()}.trash`);
      try {
        await rename(gitDir, trash);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      await rm(trash, { recursive: true, force: true });
    });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.gitDir(from);
    const target = this.gitDir(to);
    if (source === target) return;
    await this.lock.run(source, () =>
      this.lock.run(target, async () => {
        if (await this.exists(to)) throw new HubError("conflict", `model "${to}" already has a repository`);
        this.dropReader(source);
        await mkdir(dirname(target), { recursive: true });
        await rename(source, target);
        this.refCache.forget(source);
        this.refCache.forget(target);
      }),
    );
  }

  async resolve(id: string, revision: string): Promise<string | null> {
    const problem = revisionProblem(revision);
    if (problem) throw new HubError("bad_request", `invalid revision "${revision}": ${problem}`);
    return this.refCache.resolve(this.gitDir(id), revision, () => this.resolveWithGit(id, revision));
  }

  private async resolveWithGit(id: string, revision: string): Promise<string | null> {
    if (!(await this.exists(id))) return null;
    const names =
      COMMIT_ID.test(revision) || revision === "HEAD"
        ? [revision]
        : [`refs/heads/${revision}`, `refs/tags/${revision}`];
    for (const name of names) {
      const info = await this.read(id, (reader) => reader.info(`${name}^{commit}`));
      if (info) return info.oid;
    }
    return null;
  }

  snapshot(id: string, commit: string): Promise<RepoSnapshot> {
    const gitDir = this.gitDir(id);
    const key = `${gitDir}\n${commit}`;
    let cached = this.snapshots.get(key);
    if (!cached) {
      const entry: SnapshotEntry = { listing: this.listSnapshot(id, gitDir, commit), value: undefined };
      entry.listing.then(
        (snapshot) => {
          entry.value = snapshot;
        },
        // A failed listing (git killed, a damaged repository) is not kept: the next read asks git again.
        () => this.snapshots.delete(key),
      );
      this.snapshots.set(key, entry);
      cached = entry;
    }
    return cached.listing;
  }

  cachedCommit(id: string, revision: string): string | undefined {
    return this.refCache.get(this.gitDir(id), revision);
  }

  cachedSnapshot(id: string, commit: string): RepoSnapshot | undefined {
    return this.snapshots.get(`${this.gitDir(id)}\n${commit}`)?.value;
  }

  private async listSnapshot(id: string, gitDir: string, commit: string): Promise<RepoSnapshot> {
    if (!COMMIT_ID.test(commit)) throw new HubError("bad_request", `invalid commit id "${commit}"`);
    void gitDir;
    const output = await this.git(id, ["ls-tree", "-r", "-l", "-z", "--full-tree", commit]);
    const entries = await Promise.all(
      parseTreeListing(output).map(async (blob): Promise<RepoEntry> => {
        if (blob.size > MAX_POINTER_BYTES) return { ...blob, lfs: null };
        const pointer = parseLfsPointer(await this.readBlob(id, blob.oid));
        return {
          ...blob,
          size: pointer ? pointer.size : blob.size,
          lfs: pointer ? { ...pointer, pointerSize: blob.size } : null,
        };
      }),
    );
    return makeSnapshot(commit, entries);
  }

  async readBlob(id: string, oid: string): Promise<Buffer> {
    if (!COMMIT_ID.test(oid)) throw new HubError("bad_request", `invalid object id "${oid}"`);
    const gitDir = this.gitDir(id);
    const key = `${gitDir}\n${oid}`;
    const cached = this.blobs.get(key);
    if (cached) return cached;
    const found = await this.read(id, (reader) => reader.contents(oid));
    if (found?.info.type !== "blob") throw new DamagedRepositoryError(id, new Error(`blob ${oid} is missing`));
    if (found.data.length <= CACHED_BLOB_BYTES) this.blobs.set(key, found.data);
    return found.data;
  }

  async streamBlob(id: string, oid: string, range?: { start: number; end: number }): Promise<BlobStream> {
    // A small blob read before (config.json, README.md) needs no round trip to git, not even for its size.
    const kept = this.blobs.get(`${this.gitDir(id)}\n${oid}`);
    const info = kept ? { type: "blob", size: kept.length } : await this.read(id, (reader) => reader.info(oid));
    if (info?.type !== "blob") throw new DamagedRepositoryError(id, new Error(`blob ${oid} is missing`));
    const start = range?.start ?? 0;
    const end = range?.end ?? info.size - 1;
    const size = Math.max(0, end - start + 1);
    if (info.size <= BATCHED_BLOB_BYTES) {
      const bytes = (kept ?? (await this.readBlob(id, oid))).subarray(start, end + 1);
      return {
        size,
        bytes,
        get stream() {
          return Readable.from([bytes]);
        },
      };
    }
    return { size, stream: streamLargeBlob(this.gitDir(id), oid, start, size) };
  }

  async commitInfo(id: string, commit: string): Promise<CommitInfo> {
    const found = await this.read(id, (reader) => reader.contents(commit));
    if (found?.info.type !== "commit") throw new HubError("not_found", `commit ${commit} not found`);
    return parseCommitObject(found.info.oid, found.data);
  }

  async lastCommit(id: string, commit: string, path: string): Promise<CommitInfo | null> {
    const found = (await this.git(id, ["log", "-1", "--format=%H", commit, "--", path])).toString().trim();
    return found === "" ? null : this.commitInfo(id, found);
  }

  async treeId(id: string, commit: string, path: string): Promise<string> {
    if (path.includes("\n")) throw new HubError("bad_request", "a path may not hold a line break");
    const info = await this.read(id, (reader) => reader.info(`${commit}:${path}`));
    if (info?.type !== "tree") throw new HubError("not_found", `"${path}" is not a folder`, "EntryNotFound");
    return info.oid;
  }

  async history(id: string, commit: string, page: { skip: number; limit: number }) {
    const key = `${this.gitDir(id)}\n${commit}`;
    let total = this.counts.get(key);
    if (total === undefined) {
      total = Number((await this.git(id, ["rev-list", "--count", commit])).toString().trim());
      this.counts.set(key, total);
    }
    if (page.skip >= total || page.limit <= 0) return { total, commits: [] };
    const ids = (await this.git(id, ["rev-list", `--skip=${page.skip}`, `--max-count=${page.limit}`, commit]))
      .toString()
      .split("\n")
      .filter(Boolean);
    return { total, commits: await Promise.all(ids.map((c) => this.commitInfo(id, c))) };
  }

  diff(id: string, from: string, to: string): Readable {
    if (!COMMIT_ID.test(from) || !COMMIT_ID.test(to)) throw new HubError("bad_request", "a diff compares commit ids");
    return streamDiff(this.gitDir(id), from, to);
  }

  async refs(id: string): Promise<{ branches: RepoRef[]; tags: RepoRef[] }> {
    const output = await this.git(id, [
      "for-each-ref",
      "--format=%(refname)%09%(objectname)%09%(*objectname)",
      "refs/heads",
      "refs/tags",
    ]);
    const branches: RepoRef[] = [];
    const tags: RepoRef[] = [];
    for (const line of output.toString("utf8").split("\n")) {
      const [ref = "", object = "", peeled = ""] = line.split("\t");
      if (ref.startsWith("refs/heads/")) branches.push({ name: ref.slice(11), ref, commit: object });
      else if (ref.startsWith("refs/tags/")) tags.push({ name: ref.slice(10), ref, commit: peeled || object });
    }
    return { branches, tags };
  }

  async commit(id: string, request: CommitRequest): Promise<CommitResult> {
    const gitDir = this.gitDir(id);
    return this.lock.run(gitDir, async () => {
      const existed = await this.exists(id);
      await this.initLocked(id, gitDir);
      const branch = request.branch ?? MAIN_BRANCH;
      const problem = revisionProblem(branch);
      if (problem || COMMIT_ID.test(branch) || branch === "HEAD") {
        throw new HubError("bad_request", `invalid branch "${branch}": ${problem ?? "not a branch name"}`);
      }
      // A repository made just now has no branch: no need to start a reader to learn that.
      const head = existed
        ? ((await this.read(id, (reader) => reader.info(`refs/heads/${branch}^{commit}`)))?.oid ?? null)
        : null;
      if (request.expectedHead !== undefined && request.expectedHead !== head) {
        throw new HubError("precondition_failed", `branch "${branch}" has moved: its head is ${head ?? "absent"}`);
      }
      const base = head === null ? null : await this.snapshot(id, head);
      const result = await writeCommit({ gitDir, branch, head, base, request }).finally(() =>
        this.refCache.forget(gitDir),
      );
      if (result.changed) this.gcScheduler.committed(gitDir);
      const listed = result.snapshot;
      this.snapshots.set(`${gitDir}\n${listed.commit}`, { listing: Promise.resolve(listed), value: listed });
      // Small files just written are likely read next (the index reads README.md and config.json): keep them.
      for (const change of request.changes) {
        if (change.op !== "put" || !("bytes" in change) || !("data" in change.bytes)) continue;
        const entry = result.snapshot.byPath.get(change.path);
        if (entry && change.bytes.data.length <= CACHED_BLOB_BYTES) {
          this.blobs.set(`${gitDir}\n${entry.oid}`, Buffer.from(change.bytes.data));
        }
      }
      return result;
    });
  }

  async close(): Promise<void> {
    this.gcScheduler.close();
    for (const gitDir of [...this.readers.keys()]) this.dropReader(gitDir);
  }

  private dropReader(gitDir: string): void {
    this.readers.get(gitDir)?.close();
    this.readers.delete(gitDir);
  }

  private reader(gitDir: string): GitObjectReader {
    let reader = this.readers.get(gitDir);
    if (reader && !reader.closed) {
      // Most recently used last, so the first key is the one to close when there are too many.
      this.readers.delete(gitDir);
      this.readers.set(gitDir, reader);
      return reader;
    }
    reader = new GitObjectReader(gitDir);
    this.readers.set(gitDir, reader);
    if (this.readers.size > MAX_READERS) {
      const oldest = this.readers.keys().next().value as string;
      this.dropReader(oldest);
    }
    return reader;
  }

  private async read<T>(id: string, ask: (reader: GitObjectReader) => Promise<T>): Promise<T> {
    const gitDir = this.gitDir(id);
    try {
      return await ask(this.reader(gitDir));
    } catch (error) {
      this.dropReader(gitDir);
      throw new DamagedRepositoryError(id, error);
    }
  }

  private async git(id: string, args: string[]): Promise<Buffer> {
    try {
      return await runGit(this.gitDir(id), args);
    } catch (error) {
      if (error instanceof GitCommandError) throw new DamagedRepositoryError(id, error);
      throw error;
    }
  }
}
