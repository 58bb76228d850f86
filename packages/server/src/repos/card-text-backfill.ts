// Start-up step: models indexed before card search existed (migration 0004) have a README in the index but no
// searchable words; they are read once from git. Commits after that keep the words in step (repo-index.ts).
import { cardWords } from "../card/card-words.js";
import { MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import type { RepoIndexStore } from "../store/repo-index-store.js";
import type { ModelRepos } from "./model-repos.js";

/** What a backfill did. */
export interface CardBackfillReport {
  /** Models whose card words were stored. */
  filled: string[];
  /** Models whose README could not be read (their card stays unsearchable; the next start tries again). */
  failed: { id: string; error: unknown }[];
}

/** Stores the words of every indexed README that has none; run at start-up, before serving. */
export async function backfillCardWords(
  repos: Pick<ModelRepos, "readBlob">,
  store: Pick<RepoIndexStore, "unsearchedCards" | "setCardWords">,
): Promise<CardBackfillReport> {
  const report: CardBackfillReport = { filled: [], failed: [] };
  for (const { id, file } of await store.unsearchedCards()) {
    try {
      // A README too large for the record, or stored through LFS, is indexed with no words, as commits do.
      const oid = file.lfs || file.size > MAX_METADATA_FILE_BYTES ? undefined : file.oid;
      const words = oid === undefined ? "" : cardWords((await repos.readBlob(id, oid)).toString("utf8"));
      if (await store.setCardWords(id, words)) report.filled.push(id);
    } catch (error) {
      report.failed.push({ id, error });
    }
  }
  return report;
}
