// Uploading, deleting and reading repository files. Every upload or delete is one git commit on `main`, indexed in
// the database in the same step (repos/repo-index.ts). Large and weight files go to the blob store as LFS objects
// (their pointer is what git holds); the rest are git blobs.
import { Readable } from "node:stream";
import type { BlobSource, BlobStore, ByteRange } from "../blobs/blob-store.js";
import type { CardService } from "../card/card-service.js";
import { applyMetadataFile, isMetadataFile, MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import { isLfsFile } from "../repos/lfs-rules.js";
import { type ModelMoveDeps, moveModel } from "../repos/model-move.js";
import type { CommitPerson, CommitRequest, FileChange, ModelRepos } from "../repos/model-repos.js";
import { commitAndIndex, type IndexedCommit, type RepoIndexDeps } from "../repos/repo-index.js";
import type { KeyedLock } from "./keyed-lock.js";
import { parseRepoPath } from "./paths.js";
import { readLimited, utf8Text } from "./read-limited.js";
import type { RepoFile, RepoFileStore, ServedFile } from "./repo-file.js";
import { stageUpload } from "./stage-upload.js";

/** Who commits when a request names nobody (the admin token). */
export const HUB_AUTHOR: CommitPerson = { name: "modelhub", email: "modelhub@localhost" };

/** What the file service works with. */
export interface FileServiceDeps {
  /** File rows, download counts, the model records and the repository index. */
  store: RepoFileStore & RepoIndexDeps["store"] & ModelMoveDeps["store"];
  /** LFS objects. */
  blobs: BlobStore;
  /** The git repositories. */
  repos: ModelRepos;
  /** Serialises commit/delete of one blob (see keyed-lock.ts). */
  lock: KeyedLock;
  /** Serialises writes of one model (commit, then index). */
  writes: KeyedLock;
  /** Clock of commits and `lastModified`. */
  now: () => Date;
  /** Largest accepted file, in bytes. */
  maxUploadBytes: number;
  /** Told about a blob that could not be cleaned up; the request it followed has succeeded anyway. */
  onCleanupError?: (error: unknown) => void;
  /** Told why a GGUF file's header gave no metadata; the file is stored anyway. */
  onGgufProblem?: (modelId: string, path: string, reason: string) => void;
  /** Renders cards when README.md is committed (see RepoIndexDeps.cards). */
  cards?: CardService;
  /** Told why a card was not rendered at commit time; the commit stands. */
  onCardProblem?: (modelId: string, error: unknown) => void;
}

/** How an upload's body arrives. */
export interface UploadOptions {
  /** Aborts the upload (the client went away); nothing is kept. */
  signal?: AbortSignal;
  /** The body's declared length (`Content-Length`), refused at once when over the limit. */
  declaredLength?: number;
  /** The commit's author (default: the hub). */
  author?: CommitPerson;
}

/** What an upload did. */
export interface UploadResult {
  /** The file as stored now. */
  file: RepoFile;
  /** The version it replaced, or null for a new file. */
  replaced: RepoFile | null;
  /** The commit that made the change. */
  commit: string;
}

/** The file operations of the hub. */
export interface FileService {
  /** Commits `body` as `path` of model `modelId`; returns the new file and the version it replaced, if any. */
  upload(modelId: string, path: string, body: BlobSource, options?: UploadOptions): Promise<UploadResult>;
  /** Commits in-memory files to model `modelId` in one commit dated `options.date` (default now; LFS files go to the
   * blob store first). */
  commitFiles(
    modelId: string,
    files: readonly { path: string; bytes: Uint8Array }[],
    options: { title: string; author?: CommitPerson; date?: Date },
  ): Promise<string>;
  /** Commits the removal of `path` (a file) from model `modelId`. */
  remove(modelId: string, path: string, author?: CommitPerson): Promise<RepoFile>;
  /** The file of `main` to serve and its model's library; a 404 when either is missing. */
  open(modelId: string, path: string): Promise<ServedFile>;
  /** The bytes of a file of `main` (only `range` when given). */
  read(modelId: string, file: RepoFile, range?: ByteRange): Promise<Readable>;
  /** The model's files on `main`, sorted by path; a 404 when there is no such model. */
  list(modelId: string): Promise<RepoFile[]>;
  /** Deletes the model's repository and record, then the LFS objects no other repository uses; false: no model. */
  removeModel(modelId: string): Promise<boolean>;
  /** Moves model `from` to `to` (repository, files, downloads); `from` redirects to it. False: no model `from`. */
  move(from: string, to: string): Promise<boolean>;
  /** Deletes the blob `sha256` unless a file or revision still uses it. */
  release(sha256: string): Promise<void>;
  /** Makes one commit of `request` (dated now; 412 when `expectedHead` is not the head), indexed like every write. */
  commit(modelId: string, request: Omit<CommitRequest, "date">): Promise<IndexedCommit>;
}

const modelNotFound = (id: string): HubError => new HubError("not_found", `model "${id}" not found`, "RepoNotFound");
const fileNotFound = (id: string, path: string): HubError =>
  new HubError("not_found", `file "${path}" not found in model "${id}"`, "EntryNotFound");

// The service writes to existing models only: one deleted or moved while a write waited is not brought back.
const EXISTING = { requireRecord: true };

/** The file service over `deps`. */
export function createFileService(deps: FileServiceDeps): FileService {
  const { store, blobs, lock, repos } = deps;
  const indexDeps: RepoIndexDeps = {
    repos,
    store,
    lock: deps.writes,
    blobs,
    ...(deps.onGgufProblem ? { onGgufProblem: deps.onGgufProblem } : {}),
    ...(deps.cards ? { cards: deps.cards } : {}),
    ...(deps.onCardProblem ? { onCardProblem: deps.onCardProblem } : {}),
  };

  const release = (sha256: string): Promise<void> =>
    lock.run(sha256, () => blobs.deleteIfUnreferenced(sha256, () => store.blobInUse(sha256))).then(() => undefined);

  // Cleanup after a change: a failure leaves an unused blob, never a broken file, so it is only reported.
  const releaseQuietly = (sha256: string): Promise<void> =>
    release(sha256).catch((error: unknown) => deps.onCleanupError?.(error));

  // A model card or config is read whole and checked before anything is stored: a bad one changes nothing.
  async function checkedMetadata(model: HubModel, path: string, body: BlobSource): Promise<BlobSource> {
    if (!isMetadataFile(path)) return body;
    const bytes = await readLimited(body, Math.min(deps.maxUploadBytes, MAX_METADATA_FILE_BYTES), path);
    applyMetadataFile(model, path, utf8Text(bytes, path));
    return Readable.from([bytes]);
  }

  async function commitChange(modelId: string, change: FileChange, title: string, author: CommitPerson) {
    return commitAndIndex(
      indexDeps,
      modelId,
      { author, title, date: deps.now(), changes: [change] },
      (current) => current,
      EXISTING,
    );
  }

  return {
    async upload(modelId, rawPath, body, options = {}) {
      const path = parseRepoPath(rawPath);
      if (options.declaredLength !== undefined && options.declaredLength > deps.maxUploadBytes) {
        throw new HubError("payload_too_large", `file is larger than the limit of ${deps.maxUploadBytes} bytes`);
      }
      const model = await store.getModel(modelId);
      if (!model) throw modelNotFound(modelId);
      const source = await checkedMetadata(model, path, body);
      const { staged, bytes } = await stageUpload(blobs, source, {
        maxBytes: deps.maxUploadBytes,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const lfs = bytes === null || isLfsFile(path, staged.size);
      const change: FileChange = lfs
        ? { op: "put", path, lfs: { sha256: staged.sha256, size: staged.size } }
        : { op: "put", path, bytes: { data: bytes } };
      const previous = await store.getFile(modelId, path);
      let result: Awaited<ReturnType<typeof commitChange>>;
      try {
        // The object is visible before the commit that points at it, and referenced (by the index) right after.
        if (lfs) await lock.run(staged.sha256, () => staged.commit());
        result = await commitChange(modelId, change, `Upload ${path}`, options.author ?? HUB_AUTHOR);
      } catch (error) {
        if (lfs) await releaseQuietly(staged.sha256);
        throw error;
      } finally {
        await staged.discard();
      }
      const file = result.files.find((f) => f.path === path);
      if (!file) throw modelNotFound(modelId); // The model was deleted while the body streamed in.
      return { file, replaced: previous?.file ?? null, commit: result.commit };
    },

    async commitFiles(modelId, files, options) {
      const model = await store.getModel(modelId);
      if (!model) throw modelNotFound(modelId);
      const changes: FileChange[] = [];
      for (const file of files) {
        const path = parseRepoPath(file.path);
        const bytes = Buffer.from(file.bytes);
        if (isMetadataFile(path)) applyMetadataFile(model, path, utf8Text(bytes, path));
        if (isLfsFile(path, bytes.length)) {
          const blob = await blobs.put(Readable.from([bytes]));
          changes.push({ op: "put", path, lfs: blob });
        } else {
          changes.push({ op: "put", path, bytes: { data: bytes } });
        }
      }
      const author = options.author ?? HUB_AUTHOR;
      const result = await commitAndIndex(
        indexDeps,
        modelId,
        { author, title: options.title, date: options.date ?? deps.now(), changes },
        (current) => current,
        EXISTING,
      );
      return result.commit;
    },

    async remove(modelId, rawPath, author = HUB_AUTHOR) {
      const path = parseRepoPath(rawPath);
      const served = await store.getFile(modelId, path);
      if (!served) throw (await store.getModel(modelId)) ? fileNotFound(modelId, path) : modelNotFound(modelId);
      await commitChange(modelId, { op: "delete", path }, `Delete ${path}`, author);
      return served.file;
    },

    async open(modelId, rawPath) {
      const path = parseRepoPath(rawPath);
      const served = await store.getFile(modelId, path);
      if (served) return served;
      throw (await store.getModel(modelId)) ? fileNotFound(modelId, path) : modelNotFound(modelId);
    },

    async read(modelId, file, range) {
      if (file.lfs || file.oid === undefined) {
        const stream = await blobs.read(file.sha256, range);
        if (!stream) throw new Error(`LFS object ${file.sha256} of "${modelId}/${file.path}" is missing`);
        return stream;
      }
      return (await repos.streamBlob(modelId, file.oid, range)).stream;
    },

    async list(modelId) {
      const files = await store.listFiles(modelId);
      if (!files) throw modelNotFound(modelId);
      return files;
    },

    move: (from, to) => moveModel({ store, repos, writes: deps.writes }, from, to),

    removeModel: (modelId) =>
      deps.writes.run(modelId.toLowerCase(), async () => {
        const objects = await store.lfsObjectsOf(modelId);
        if (objects === null) return false;
        // The repository goes first: a crash before the record is deleted is finished by the start-up repair.
        await repos.remove(modelId);
        if (!(await store.deleteModel(modelId))) return false;
        for (const sha256 of objects) await releaseQuietly(sha256);
        return true;
      }),

    release,

    commit: (modelId, request) =>
      commitAndIndex(indexDeps, modelId, { ...request, date: deps.now() }, (current) => current, EXISTING),
  };
}
