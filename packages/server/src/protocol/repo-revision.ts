// From a route's model and revision to a commit and its files, with the field's 404s: `RepoNotFound` (no such
// model), `RevisionNotFound` (no such branch, tag or commit, or a model without a repository), `EntryNotFound`.
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import type { ModelRepos, RepoSnapshot } from "../repos/model-repos.js";

/** A model at one revision. */
export interface ModelAtRevision {
  /** The record. */
  model: HubModel;
  /** The commit the revision names. */
  commit: string;
  /** Its files. */
  snapshot: RepoSnapshot;
}

/** What resolving needs. */
export interface RevisionDeps {
  /** Records (cached). */
  getModel(id: string): Promise<HubModel | null>;
  /** The repositories. */
  repos: ModelRepos;
}

/** 404 RepoNotFound. */
export const repoNotFound = (id: string): HubError =>
  new HubError("not_found", `model "${id}" not found`, "RepoNotFound");

/** 404 RevisionNotFound. */
export const revisionNotFound = (id: string, revision: string): HubError =>
  new HubError("not_found", `revision "${revision}" not found in model "${id}"`, "RevisionNotFound");

/** 404 EntryNotFound. */
export const entryNotFound = (id: string, path: string): HubError =>
  new HubError("not_found", `"${path}" not found in model "${id}"`, "EntryNotFound");

/** The model `id` at `revision`; 404s as the field answers them. `known`: its record, when the caller has it. */
export async function modelAtRevision(
  deps: RevisionDeps,
  id: string,
  revision: string,
  known: HubModel | null = null,
): Promise<ModelAtRevision> {
  const model = known ?? (await deps.getModel(id));
  if (!model) throw repoNotFound(id);
  const commit = await deps.repos.resolve(model.id, revision);
  if (commit === null) throw revisionNotFound(id, revision);
  return { model, commit, snapshot: await deps.repos.snapshot(model.id, commit) };
}

/**
 * The model at `revision` when all of it is in memory: its record (from the access check), the commit the revision
 * names and that commit's files. Undefined means `modelAtRevision` must ask (and answer any error); the hot reads
 * answer from here without a promise.
 */
export function cachedModelAtRevision(
  repos: ModelRepos,
  known: HubModel | null,
  revision: string,
): ModelAtRevision | undefined {
  if (!known) return undefined;
  const commit = repos.cachedCommit(known.id, revision);
  if (commit === undefined) return undefined;
  const snapshot = repos.cachedSnapshot(known.id, commit);
  return snapshot ? { model: known, commit, snapshot } : undefined;
}
