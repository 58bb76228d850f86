// The tables of repository files and counted downloads, as Kysely sees them.
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
}
