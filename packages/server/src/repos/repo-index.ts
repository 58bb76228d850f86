// A write is one git commit plus one index update: `commitAndIndex` makes the commit, then writes the record, the
// file list and head of `main`, and the LFS objects in one database transaction. A crash between the two leaves git
// ahead of the index; `repairIndex` at start-up re-indexes every repository whose head the index does not know.

import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { GgufFacts } from "@modelhub/snippets";
import type { BlobStore } from "../blobs/blob-store.js";
import type { CardService } from "../card/card-service.js";
import { applyGgufFacts, carriesGgufHeader, readGgufFacts } from "../card/gguf-metadata.js";
import { applyMetadataFile, isMetadataFile, MAX_METADATA_FILE_BYTES, METADATA_FILES } from "../card/metadata-files.js";
import { HubError } from "../errors.js";
import type { KeyedLock } from "../files/keyed-lock.js";
import type { RepoFile } from "../files/repo-file.js";
import { completeModel } from "../models/complete-model.js";
import type { HubModel } from "../models/hub-model.js";
import type { RepoIndexStore } from "../store/repo-index-store.js";
import { changedCardWords, renderChangedCard } from "./commit-card.js";
import { STAGING_DIR } from "./git-model-repos.js";
import type { CommitRequest, CommitResult, ModelRepos, RepoSnapshot } from "./model-repos.js";
import { GIT_DIR_SUFFIX } from "./repo-layout.js";

/** What indexing needs. */
export interface RepoIndexDeps {
  /** The repositories. */
  repos: ModelRepos;
  /** The index (and records). */
  store: RepoIndexStore & {
    getModel(id: string): Promise<HubModel | null>;
    listFiles(id: string): Promise<RepoFile[] | null>;
    deleteModel(id: string): Promise<boolean>;
  };
  /** Serialises writes per model, so index updates land in commit order. */
  lock: KeyedLock;
  /** LFS objects: GGUF headers are read from them (without it, `gguf` is not refreshed). */
  blobs?: BlobStore;
  /** Told why a GGUF file's header gave no metadata; the commit stands. */
  onGgufProblem?: (modelId: string, path: string, reason: string) => void;
  /** Renders and stores the card when README.md changes (without it, cards render on their first request). */
  cards?: CardService;
  /** Told why a card could not be rendered at commit time; the commit stands, the card renders on request. */
  onCardProblem?: (modelId: string, error: unknown) => void;
}

/** How a commit changes the record, given the current one (null when the model is not in the database). */
export type RecordChange = (current: HubModel | null) => HubModel | null;

/** What `commitAndIndex` did. */
export interface IndexedCommit extends CommitResult {
  /** The indexed files of `main` before the commit that are gone or changed. */
  replaced: RepoFile[];
  /** The files of `main` now. */
  files: RepoFile[];
}

/** The lock key of a model: ids compare case-insensitively. */
export function writeKey(id: string): string {
  return id.toLowerCase();
}

/** The index rows of `snapshot`: unchanged files keep their row, others get the sha256 of their bytes. */
async function fileRows(
  deps: RepoIndexDeps,
  id: string,
  snapshot: RepoSnapshot,
  previous: readonly RepoFile[],
  date: string,
): Promise<RepoFile[]> {
  const before = new Map(previous.map((f) => [f.path, f]));
  return Promise.all(
    snapshot.files.map(async (entry): Promise<RepoFile> => {
      const old = before.get(entry.path);
      if (old && old.oid === entry.oid) return old;
      const sha256 = entry.lfs
        ? entry.lfs.sha256
        : (entry.contentSha256 ??
          createHash("sha256")
            .update(await deps.repos.readBlob(id, entry.oid))
            .digest("hex"));
      return { path: entry.path, sha256, size: entry.size, updatedAt: date, oid: entry.oid, lfs: entry.lfs !== null };
    }),
  );
}

/** `model` with the `gguf` facts of the GGUF files of `snapshot` whose content changed. */
async function withGgufMetadata(
  deps: RepoIndexDeps,
  id: string,
  model: HubModel,
  snapshot: RepoSnapshot,
  previous: readonly RepoFile[],
): Promise<HubModel> {
  const facts = new Map<string, GgufFacts>();
  for (const entry of snapshot.files) {
    if (!deps.blobs || !entry.lfs || !carriesGgufHeader(entry.path)) continue;
    if (previous.some((f) => f.path === entry.path && f.oid === entry.oid)) continue;
    const result = await readGgufFacts(deps.blobs, { path: entry.path, sha256: entry.lfs.sha256, size: entry.size });
    if (result.ok) facts.set(entry.path, result.facts);
    else deps.onGgufProblem?.(id, entry.path, result.reason);
  }
  return applyGgufFacts(model, facts);
}

/** `model` with the metadata files of `snapshot` applied (only those whose content changed); bad ones are skipped. */
async function withRepoMetadata(
  deps: RepoIndexDeps,
  id: string,
  model: HubModel,
  snapshot: RepoSnapshot,
  previous: readonly RepoFile[],
): Promise<HubModel> {
  let record = model;
  for (const name of Object.keys(METADATA_FILES)) {
    const entry = snapshot.byPath.get(name);
    if (!entry || entry.lfs || entry.size > MAX_METADATA_FILE_BYTES || !isMetadataFile(name)) continue;
    if (previous.some((f) => f.path === name && f.oid === entry.oid)) continue;
    const text = (await deps.repos.readBlob(id, entry.oid)).toString("utf8");
    try {
      record = applyMetadataFile(record, name, text);
    } catch {
      // git holds what was pushed; a card the hub cannot read leaves the record as it was.
    }
  }
  return withGgufMetadata(deps, id, record, snapshot, previous);
}

/** Indexes commit `result` of model `id`; `record` decides the record (README.md/config.json changes apply on top). */
async function indexCommit(
  deps: RepoIndexDeps,
  id: string,
  snapshot: RepoSnapshot,
  date: string,
  record: RecordChange,
): Promise<{ replaced: RepoFile[]; files: RepoFile[] } | false> {
  const previous = (await deps.store.listFiles(id)) ?? [];
  const files = await fileRows(deps, id, snapshot, previous, date);
  const current = await deps.store.getModel(id);
  const base = record(current);
  // siblings first: the GGUF facts pick the quant the file list starts on.
  const siblings = files.map((f) => ({ rfilename: f.path, size: f.size }));
  const model = base && {
    ...(await withRepoMetadata(deps, id, { ...base, siblings }, snapshot, previous)),
    lastModified: date,
  };
  const lfsObjects = snapshot.files.flatMap((f) => (f.lfs ? [f.lfs.sha256] : []));
  const update = {
    head: snapshot.commit,
    files,
    lfsObjects,
    cardWords: await changedCardWords(deps, id, snapshot, previous),
  };
  // A model deleted while the commit ran is not brought back.
  const replaced = await deps.store.indexRepository(id, update, (now) =>
    now === null && current !== null ? null : model,
  );
  if (replaced === false) return false;
  // The card is part of the write: stored before the commit is answered, rendered off the event loop.
  if (model) await renderChangedCard(deps, model.id, snapshot, files, previous);
  return { replaced, files };
}

/**
 * Commits `request` to model `id` and indexes the result; `record` gives the record (null: leave it absent). With
 * `requireRecord`, a model whose record went while the commit waited for the lock (deleted, or moved to another id)
 * is RepoNotFound and nothing is written: the commit would otherwise start a stray repository under the old id.
 */
export function commitAndIndex(
  deps: RepoIndexDeps,
  id: string,
  request: CommitRequest,
  record: RecordChange = (current) => current,
  options: { requireRecord?: boolean } = {},
): Promise<IndexedCommit> {
  return deps.lock.run(writeKey(id), async () => {
    if (options.requireRecord && !(await deps.store.getModel(id))) {
      throw new HubError("not_found", `model "${id}" not found`, "RepoNotFound");
    }
    const result = await deps.repos.commit(id, request);
    const indexed = await indexCommit(deps, id, result.snapshot, request.date.toISOString(), record);
    return { ...result, replaced: indexed ? indexed.replaced : [], files: indexed ? indexed.files : [] };
  });
}

/** Re-indexes model `id` from its repository's `main` (after a git push); nothing when the index is up to date. */
export function reindexFromGit(deps: RepoIndexDeps, id: string): Promise<void> {
  return deps.lock.run(writeKey(id), async () => {
    const head = await deps.repos.resolve(id, "main");
    if (head === null || head === (await deps.store.indexedHead(id))) return;
    const snapshot = await deps.repos.snapshot(id, head);
    const date = (await deps.repos.commitInfo(id, head)).date;
    await indexCommit(deps, id, snapshot, date, (current) => current);
  });
}

/** Every repository on disk, as lowercased model ids. */
export async function repositoriesOnDisk(root: string): Promise<string[]> {
  const ids: string[] = [];
  for (const namespace of await readdir(root, { withFileTypes: true })) {
    if (!namespace.isDirectory() || namespace.name === STAGING_DIR) continue;
    for (const repo of await readdir(join(root, namespace.name), { withFileTypes: true })) {
      if (repo.isDirectory() && repo.name.endsWith(GIT_DIR_SUFFIX)) {
        ids.push(`${namespace.name}/${repo.name.slice(0, -GIT_DIR_SUFFIX.length)}`);
      }
    }
  }
  return ids;
}

/** What a repair did. */
export interface RepairReport {
  /** Models whose index was rewritten from git. */
  reindexed: string[];
  /** Models whose repository was gone (a delete cut short): their record is deleted too. */
  deleted: string[];
  /** Repositories that could not be read (left as they are, named in the log by the caller). */
  failed: { id: string; error: unknown }[];
}

/** Makes the index agree with git: run at start-up, before serving. */
export async function repairIndex(deps: RepoIndexDeps, now: () => Date): Promise<RepairReport> {
  const report: RepairReport = { reindexed: [], deleted: [], failed: [] };
  const indexed = new Map((await deps.store.indexedRepositories()).map((r) => [writeKey(r.id), r]));
  const onDisk = await repositoriesOnDisk(deps.repos.root);
  for (const lowered of onDisk) {
    const known = indexed.get(lowered);
    indexed.delete(lowered);
    const id = known?.id ?? (await deps.store.getModel(lowered))?.id ?? lowered;
    try {
      const head = await deps.repos.resolve(id, "main");
      if (head === null || head === known?.head) continue;
      const snapshot = await deps.repos.snapshot(id, head);
      const date = (await deps.repos.commitInfo(id, head)).date;
      // A model whose first commit was never indexed is recreated from what git holds.
      await deps.lock.run(writeKey(id), () =>
        indexCommit(deps, id, snapshot, date, (current) => current ?? completeModel({ id, tags: [] }, { now: now() })),
      );
      report.reindexed.push(id);
    } catch (error) {
      report.failed.push({ id, error });
    }
  }
  // Indexed repositories that are gone from disk were being deleted.
  for (const { id } of indexed.values()) {
    if (await deps.repos.exists(id)) continue;
    await deps.store.deleteModel(id);
    report.deleted.push(id);
  }
  return report;
}
