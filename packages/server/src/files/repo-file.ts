// A model repository's files as the store keeps them, and the storage methods the file service needs.
import type { DownloadIncrement } from "../downloads/download-counter.js";
import type { HubModel } from "../models/hub-model.js";

/** One file of a model repository: its path and which blob holds its bytes. */
export interface RepoFile {
  /** Path inside the repository, `/`-separated. */
  path: string;
  /** sha256 of the content: the blob's key and the file's ETag. */
  sha256: string;
  /** Size in bytes. */
  size: number;
  /** ISO date of the upload. */
  updatedAt: string;
  /** git blob id in the head of `main` (for LFS files, the pointer's); absent in rows from before git. */
  oid?: string;
  /** True when the bytes are an LFS object in the blob store (the tree holds a pointer). */
  lfs?: boolean;
}

/** A file with what serving it needs to know about its model. */
export interface ServedFile {
  /** The file. */
  file: RepoFile;
  /** The model's library, which decides whether fetching the file counts as a download. */
  libraryName: string | null;
}

/** Changes a file write makes to the model record (README.md and config.json feed it); runs inside the write. */
export type RecordUpdate = (model: HubModel) => HubModel;

/**
 * Storage of repository files and download counts. Every method is atomic; the model's `siblings` and
 * `lastModified` change in the same transaction as its file rows.
 */
export interface RepoFileStore {
  /** The model's files sorted by path, or null when there is no such model. */
  listFiles(modelId: string): Promise<RepoFile[] | null>;
  /** One file and its model's library, or null when the model or the file does not exist. */
  getFile(modelId: string, path: string): Promise<ServedFile | null>;
  /** Adds or replaces a file (applying `update` to the record); the replaced version, or null; false: no model. */
  putFile(modelId: string, file: RepoFile, update?: RecordUpdate): Promise<RepoFile | null | false>;
  /** Removes a file; the removed version, or null when the model has no such file (or no such model). */
  deleteFile(modelId: string, path: string, now: Date): Promise<RepoFile | null>;
  /**
   * Creates or replaces `model` and makes `files` its whole file list, in one transaction (folder import);
   * returns the files it had before that are no longer among them.
   */
  replaceModelFiles(model: HubModel, files: readonly RepoFile[]): Promise<RepoFile[]>;
  /** True when any file of any model has this content. */
  blobInUse(sha256: string): Promise<boolean>;
  /** Of `sha256s`, those a file row or the LFS object index (`model_lfs_objects`) names. */
  blobsInUse(sha256s: readonly string[]): Promise<Set<string>>;
  /** Adds counted downloads (unknown models are skipped) and refreshes those models' figures. */
  addDownloads(increments: readonly DownloadIncrement[], windowStart: string): Promise<void>;
  /** Recomputes `downloads` (days from `windowStart` on) of every model with counted downloads. */
  refreshDownloads(windowStart: string): Promise<void>;
}
