// Uploading, deleting and opening repository files: the steps that keep blobs, file rows and the record in step.
// An upload is written to a temporary blob first; only a complete, valid body becomes visible, together with its row.
import { Readable } from "node:stream";
import type { BlobSource, BlobStore } from "../blobs/blob-store.js";
import { applyGgufFacts, carriesGgufHeader, readGgufFacts } from "../card/gguf-metadata.js";
import { applyMetadataFile, isMetadataFile, MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import type { KeyedLock } from "./keyed-lock.js";
import { parseRepoPath } from "./paths.js";
import { readLimited, utf8Text } from "./read-limited.js";
import type { RecordUpdate, RepoFile, RepoFileStore, ServedFile } from "./repo-file.js";

/** What the file service works with. */
export interface FileServiceDeps {
  /** File rows, download counts, and the model records. */
  store: RepoFileStore & { getModel(id: string): Promise<HubModel | null> };
  /** File bodies. */
  blobs: BlobStore;
  /** Serialises commit/delete of one blob (see keyed-lock.ts). */
  lock: KeyedLock;
  /** Clock of `updatedAt` and `lastModified`. */
  now: () => Date;
  /** Largest accepted file, in bytes. */
  maxUploadBytes: number;
  /** Told about a blob that could not be cleaned up; the request it followed has succeeded anyway. */
  onCleanupError?: (error: unknown) => void;
  /** Told why a GGUF file's header gave no metadata; the file is stored anyway. */
  onGgufProblem?: (modelId: string, path: string, reason: string) => void;
}

/** How an upload's body arrives. */
export interface UploadOptions {
  /** Aborts the upload (the client went away); nothing is kept. */
  signal?: AbortSignal;
  /** The body's declared length (`Content-Length`), refused at once when over the limit. */
  declaredLength?: number;
}

/** What an upload did. */
export interface UploadResult {
  /** The file as stored now. */
  file: RepoFile;
  /** The version it replaced, or null for a new file. */
  replaced: RepoFile | null;
}

/** The file operations of the hub. */
export interface FileService {
  /** Stores `body` as `path` of model `modelId`; returns the new file and the version it replaced, if any. */
  upload(modelId: string, path: string, body: BlobSource, options?: UploadOptions): Promise<UploadResult>;
  /** Removes `path` from model `modelId`. */
  remove(modelId: string, path: string): Promise<RepoFile>;
  /** The file to serve and its model's library; a 404 when either is missing. */
  open(modelId: string, path: string): Promise<ServedFile>;
  /** The model's files, sorted by path; a 404 when there is no such model. */
  list(modelId: string): Promise<RepoFile[]>;
  /** Deletes the blob `sha256` unless a file still uses it. */
  release(sha256: string): Promise<void>;
}

const modelNotFound = (id: string): HubError => new HubError("not_found", `model "${id}" not found`);
const fileNotFound = (id: string, path: string): HubError =>
  new HubError("not_found", `file "${path}" not found in model "${id}"`);

/** The file service over `deps`. */
export function createFileService(deps: FileServiceDeps): FileService {
  const { store, blobs, lock } = deps;

  const release = (sha256: string): Promise<void> =>
    lock.run(sha256, () => blobs.deleteIfUnreferenced(sha256, () => store.blobInUse(sha256))).then(() => undefined);

  // Cleanup after a successful change: a failure leaves an unused blob, never a broken file, so it is only reported.
  const releaseQuietly = (sha256: string): Promise<void> =>
    release(sha256).catch((error: unknown) => deps.onCleanupError?.(error));

  // A model card or config is read whole and checked before anything is stored: a bad one changes nothing.
  async function metadataBody(
    model: HubModel,
    path: string,
    body: BlobSource,
  ): Promise<{ source: BlobSource; update?: RecordUpdate }> {
    if (!isMetadataFile(path)) return { source: body };
    const bytes = await readLimited(body, Math.min(deps.maxUploadBytes, MAX_METADATA_FILE_BYTES), path);
    const text = utf8Text(bytes, path);
    applyMetadataFile(model, path, text);
    return { source: Readable.from([bytes]), update: (current) => applyMetadataFile(current, path, text) };
  }

  // A GGUF file's header (read from the committed blob) feeds the record's `gguf`; a bad one changes nothing.
  async function withGguf(modelId: string, file: RepoFile, update?: RecordUpdate): Promise<RecordUpdate | undefined> {
    if (!carriesGgufHeader(file.path)) return update;
    const result = await readGgufFacts(blobs, file);
    if (!result.ok) {
      deps.onGgufProblem?.(modelId, file.path, result.reason);
      return update;
    }
    const facts = new Map([[file.path, result.facts]]);
    return (current) => applyGgufFacts(update ? update(current) : current, facts);
  }

  return {
    async upload(modelId, rawPath, body, options = {}) {
      const path = parseRepoPath(rawPath);
      if (options.declaredLength !== undefined && options.declaredLength > deps.maxUploadBytes) {
        throw new HubError("payload_too_large", `file is larger than the limit of ${deps.maxUploadBytes} bytes`);
      }
      const model = await store.getModel(modelId);
      if (!model) throw modelNotFound(modelId);
      const { source, update } = await metadataBody(model, path, body);
      const staged = await blobs.stage(source, {
        maxBytes: deps.maxUploadBytes,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const file: RepoFile = { path, sha256: staged.sha256, size: staged.size, updatedAt: deps.now().toISOString() };
      let previous: RepoFile | null | false;
      try {
        previous = await lock.run(staged.sha256, async () => {
          await staged.commit();
          return store.putFile(modelId, file, await withGguf(modelId, file, update));
        });
      } catch (error) {
        await releaseQuietly(staged.sha256);
        throw error;
      } finally {
        await staged.discard();
      }
      if (previous === false) {
        // The model was deleted while the body streamed in.
        await releaseQuietly(staged.sha256);
        throw modelNotFound(modelId);
      }
      if (previous && previous.sha256 !== file.sha256) await releaseQuietly(previous.sha256);
      return { file, replaced: previous };
    },

    async remove(modelId, rawPath) {
      const path = parseRepoPath(rawPath);
      const removed = await store.deleteFile(modelId, path, deps.now());
      if (!removed) throw (await store.getModel(modelId)) ? fileNotFound(modelId, path) : modelNotFound(modelId);
      await releaseQuietly(removed.sha256);
      return removed;
    },

    async open(modelId, rawPath) {
      const path = parseRepoPath(rawPath);
      const served = await store.getFile(modelId, path);
      if (served) return served;
      throw (await store.getModel(modelId)) ? fileNotFound(modelId, path) : modelNotFound(modelId);
    },

    async list(modelId) {
      const files = await store.listFiles(modelId);
      if (!files) throw modelNotFound(modelId);
      return files;
    },

    release,
  };
}
