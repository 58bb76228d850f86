// The tables of repository files and counted downloads, as Kysely sees them.
import type { Generated } from "kysely";
/** One file of a model repository; the bytes live in the blob store under `sha256`. */
export interface ModelFilesTable {
  /** `models.pk` of the model (deleted with it). */
  model_pk: number;
  /** Path inside the repository, compared byte by byte. */
  path: string;
  /** sha256 of the content, the blob's key. */
  sha256: string;
  /** Size in bytes. */
  size: number;
  /** ISO date of the upload. */
  updated_at: string;
  /** git blob id of the file in the head of `main` (the pointer's, for LFS files); null in rows from before git. */
  oid: string | null;
  /** 1 when the file is stored through LFS (bytes in the blob store), 0 when in git. */
  lfs: Generated<number>;
}

/** The head commit of a model repository's `main`, as last indexed. */
export interface ModelHeadsTable {
  /** `models.pk` of the model (deleted with it). */
  model_pk: number;
  /** Commit id (40 hex). */
  head: string;
}

/** An LFS object a model repository owns: some revision points at it, or its bytes were uploaded to it. */
export interface ModelLfsObjectsTable {
  /** `models.pk` of the model (deleted with it). */
  model_pk: number;
  /** The object's sha256, its blob store key. */
  sha256: string;
}

/** Downloads of one model on one UTC day. */
export interface ModelDownloadsTable {
  /** `models.pk` of the model (deleted with it). */
  model_pk: number;
  /** `YYYY-MM-DD`. */
  day: string;
  /** Downloads counted that day. */
  count: number;
}

/** The file and download tables, part of the hub's database type. */
export interface FileTables {
  /** Files of model repositories. */
  model_files: ModelFilesTable;
  /** Downloads per model and day. */
  model_downloads: ModelDownloadsTable;
  /** Head of each model repository's main. */
  model_heads: ModelHeadsTable;
  /** LFS objects of each model repository's history. */
  model_lfs_objects: ModelLfsObjectsTable;
}
