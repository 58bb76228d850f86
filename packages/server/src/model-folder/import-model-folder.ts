// `modelhub import ./folder --id ns/name`: the folder's README.md and config.json feed the record, every file is
// stored as a blob, and the record with its whole file list is written in one transaction. A bad card or config
// is found before anything is written.
import { createReadStream } from "node:fs";
import type { GgufFacts } from "@modelhub/snippets";
import type { BlobStore } from "../blobs/blob-store.js";
import { applyGgufFacts, carriesGgufHeader, readGgufFacts } from "../card/gguf-metadata.js";
import { applyMetadataFile, isMetadataFile, MAX_METADATA_FILE_BYTES, METADATA_FILES } from "../card/metadata-files.js";
import { HubError } from "../errors.js";
import { readLimited, utf8Text } from "../files/read-limited.js";
import type { RepoFile, RepoFileStore } from "../files/repo-file.js";
import { completeModel } from "../models/complete-model.js";
import type { HubModel } from "../models/hub-model.js";
import { modelIdProblem } from "../validation/model-id.js";
import type { FolderFile, ModelFolder } from "./read-model-folder.js";

/** What a folder import writes to. */
export interface FolderImportDeps {
  /** Records and file rows. */
  store: RepoFileStore & { getModel(id: string): Promise<HubModel | null> };
  /** File bodies. */
  blobs: BlobStore;
  /** Clock of the record's dates. */
  now: () => Date;
}

/** Progress of the file being stored. */
export interface FileProgress {
  /** The file's repository path. */
  path: string;
  /** Bytes stored so far. */
  done: number;
  /** The file's size. */
  total: number;
}

/** Hooks for showing progress. */
export interface FolderImportOptions {
  /** A file starts being stored. */
  onFileStart?: (file: FolderFile) => void;
  /** More bytes of the current file are stored. */
  onProgress?: (progress: FileProgress) => void;
  /** A file is stored. */
  onFileDone?: (file: RepoFile) => void;
  /** A GGUF file's header gave no metadata (the file is imported anyway). */
  onGgufProblem?: (path: string, reason: string) => void;
}

/** What an import did. */
export interface FolderImportResult {
  /** The record as written. */
  model: HubModel;
  /** True when the model did not exist before. */
  created: boolean;
  /** The model's files now. */
  files: RepoFile[];
  /** Files the model had that the folder does not, now removed. */
  removed: RepoFile[];
}

async function* counting(file: FolderFile, onProgress: FolderImportOptions["onProgress"]): AsyncGenerator<Buffer> {
  let done = 0;
  for await (const chunk of createReadStream(file.source)) {
    done += (chunk as Buffer).length;
    onProgress?.({ path: file.path, done, total: file.size });
    yield chunk as Buffer;
  }
}

/** The record the folder describes: the existing one (or a new one) with README.md and config.json applied. */
async function folderRecord(deps: FolderImportDeps, id: string, folder: ModelFolder): Promise<HubModel> {
  const now = deps.now();
  const existing = await deps.store.getModel(id);
  let record: HubModel = existing ?? completeModel({ id, tags: [] }, { now });
  for (const name of Object.keys(METADATA_FILES)) {
    const file = folder.files.find((f) => f.path === name);
    if (!file || !isMetadataFile(file.path)) continue;
    const bytes = await readLimited(createReadStream(file.source), MAX_METADATA_FILE_BYTES, file.path);
    record = applyMetadataFile(record, file.path, utf8Text(bytes, file.path));
  }
  return { ...record, lastModified: now.toISOString() };
}

// The headers of the stored GGUF files feed the record's `gguf`.
async function withGgufFacts(
  deps: FolderImportDeps,
  record: HubModel,
  files: readonly RepoFile[],
  options: FolderImportOptions,
): Promise<HubModel> {
  const facts = new Map<string, GgufFacts>();
  for (const file of files) {
    if (!carriesGgufHeader(file.path)) continue;
    const result = await readGgufFacts(deps.blobs, file);
    if (result.ok) facts.set(file.path, result.facts);
    else options.onGgufProblem?.(file.path, result.reason);
  }
  const siblings = files.map((f) => ({ rfilename: f.path, size: f.size }));
  return applyGgufFacts({ ...record, siblings }, facts);
}

/** Imports `folder` as model `id`, creating or updating it; the model's files become exactly the folder's. */
export async function importModelFolder(
  deps: FolderImportDeps,
  id: string,
  folder: ModelFolder,
  options: FolderImportOptions = {},
): Promise<FolderImportResult> {
  const problem = modelIdProblem(id);
  if (problem) throw new HubError("bad_request", `invalid model id "${id}": ${problem}`);
  const created = (await deps.store.getModel(id)) === null;
  const record = await folderRecord(deps, id, folder);

  const files: RepoFile[] = [];
  let removed: RepoFile[];
  try {
    for (const file of folder.files) {
      options.onFileStart?.(file);
      const blob = await deps.blobs.put(counting(file, options.onProgress));
      const stored: RepoFile = { path: file.path, ...blob, updatedAt: record.lastModified };
      files.push(stored);
      options.onFileDone?.(stored);
    }
    removed = await deps.store.replaceModelFiles(await withGgufFacts(deps, record, files, options), files);
  } catch (error) {
    // Blobs stored for an import that did not complete are removed unless another file uses them.
    for (const file of files)
      await deps.blobs.deleteIfUnreferenced(file.sha256, () => deps.store.blobInUse(file.sha256));
    throw error;
  }
  // Another process may have deleted a blob between its store and the transaction (the lock is per process):
  // put back any that is missing, from the folder.
  for (const [index, file] of files.entries()) {
    if (await deps.blobs.stat(file.sha256)) continue;
    const source = folder.files[index];
    if (source) await deps.blobs.put(createReadStream(source.source));
  }
  for (const file of removed) {
    if (!files.some((f) => f.sha256 === file.sha256)) {
      await deps.blobs.deleteIfUnreferenced(file.sha256, () => deps.store.blobInUse(file.sha256));
    }
  }
  const model = (await deps.store.getModel(id)) ?? record;
  return { model, created, files, removed };
}
