// `modelhub import ./folder --id ns/name`: the folder's README.md and config.json feed the record, and the folder
// becomes one commit on `main` (large and weight files as LFS objects), indexed with the record in one step. A bad
// card or config is found before anything is written.
import { createReadStream } from "node:fs";
import type { BlobStore } from "../blobs/blob-store.js";
import { applyMetadataFile, isMetadataFile, MAX_METADATA_FILE_BYTES, METADATA_FILES } from "../card/metadata-files.js";
import { HubError } from "../errors.js";
import { HUB_AUTHOR } from "../files/file-service.js";
import { createKeyedLock, type KeyedLock } from "../files/keyed-lock.js";
import { readLimited, utf8Text } from "../files/read-limited.js";
import type { RepoFile, RepoFileStore } from "../files/repo-file.js";
import { completeModel } from "../models/complete-model.js";
import type { HubModel } from "../models/hub-model.js";
import { isLfsFile } from "../repos/lfs-rules.js";
import type { FileChange, ModelRepos } from "../repos/model-repos.js";
import { commitAndIndex, type RepoIndexDeps } from "../repos/repo-index.js";
import { modelIdProblem } from "../validation/model-id.js";
import type { FolderFile, ModelFolder } from "./read-model-folder.js";

/** What a folder import writes to. */
export interface FolderImportDeps {
  /** Records, file rows and the repository index. */
  store: RepoIndexDeps["store"] & RepoFileStore;
  /** LFS objects. */
  blobs: BlobStore;
  /** The git repositories. */
  repos: ModelRepos;
  /** Serialises writes of one model (shared with the server when it runs in the same process). */
  writes?: KeyedLock;
  /** Clock of the record's dates and the commit. */
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

/** Imports `folder` as model `id`, creating or updating it: one commit whose files are exactly the folder's. */
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
  const base = completeModel({ id, tags: [] }, { now: new Date(record.lastModified) });

  // LFS objects are stored first (counted for progress); regular files go to git straight from the folder.
  const stored: string[] = [];
  const changes: FileChange[] = [];
  try {
    for (const file of folder.files) {
      options.onFileStart?.(file);
      if (isLfsFile(file.path, file.size)) {
        const blob = await deps.blobs.put(counting(file, options.onProgress));
        stored.push(blob.sha256);
        changes.push({ op: "put", path: file.path, lfs: blob });
      } else {
        changes.push({ op: "put", path: file.path, bytes: { file: file.source } });
        options.onProgress?.({ path: file.path, done: file.size, total: file.size });
      }
    }
    const result = await commitAndIndex(
      {
        repos: deps.repos,
        store: deps.store,
        lock: deps.writes ?? createKeyedLock(),
        blobs: deps.blobs,
        onGgufProblem: (_id, path, reason) => options.onGgufProblem?.(path, reason),
      },
      id,
      {
        author: HUB_AUTHOR,
        title: created ? "Import model folder" : "Re-import model folder",
        date: new Date(record.lastModified),
        changes,
        replaceAll: true,
      },
      // README.md and config.json are applied by the index from the commit (folderRecord only checked them).
      (current) => current ?? base,
    );
    for (const file of result.files) options.onFileDone?.(file);
    const model = (await deps.store.getModel(id)) ?? record;
    return {
      model,
      created,
      files: result.files,
      removed: result.replaced,
    };
  } catch (error) {
    // Objects stored for an import that did not complete are removed unless something else uses them.
    for (const sha256 of stored) await deps.blobs.deleteIfUnreferenced(sha256, () => deps.store.blobInUse(sha256));
    throw error;
  }
}
