// Start-up step of a hub with repositories: the index is made to agree with git before the first request.
import { createKeyedLock } from "../files/keyed-lock.js";
import type { Store } from "../store/store.js";
import { backfillCardWords } from "./card-text-backfill.js";
import { finishInterruptedMoves } from "./model-move.js";
import type { ModelRepos } from "./model-repos.js";
import { repairIndex } from "./repo-index.js";

/** Where repair findings are told (the server's log, or stderr before the app exists). */
export type RepairLog = (message: string, fields: Record<string, unknown>) => void;

/** Repairs the index of `store` from `repos`; a repository that cannot be read is named, and the others still load. */
export async function repairIndexOnStart(store: Store, repos: ModelRepos, log: RepairLog, now = () => new Date()) {
  // First: a move cut short has its record at the new id and its repository at the old one.
  const moved = await finishInterruptedMoves({ store, repos });
  if (moved.length > 0) log("interrupted moves finished", { models: moved });
  const report = await repairIndex({ repos, store, lock: createKeyedLock() }, now);
  if (report.reindexed.length > 0) log("index repaired from git", { models: report.reindexed });
  if (report.deleted.length > 0) log("records of deleted repositories removed", { models: report.deleted });
  for (const { id, error } of report.failed) {
    log("repository cannot be read", { model: id, error: error instanceof Error ? error.message : String(error) });
  }
  const cards = await backfillCardWords(repos, store);
  if (cards.filled.length > 0) log("card words indexed for search", { models: cards.filled.length });
  for (const { id, error } of cards.failed) {
    log("card cannot be read for search", { model: id, error: error instanceof Error ? error.message : String(error) });
  }
  return report;
}
