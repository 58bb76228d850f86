// A commit's files as an immutable snapshot, sorted the way git sorts paths.
import type { RepoEntry, RepoSnapshot } from "./model-repos.js";
import { comparePaths } from "./tree-listing.js";

/** Builds a snapshot from its entries. */
export function makeSnapshot(commit: string, entries: readonly RepoEntry[]): RepoSnapshot {
  const files = [...entries].sort((a, b) => comparePaths(a.path, b.path));
  return { commit, files, byPath: new Map(files.map((f) => [f.path, f])) };
}
