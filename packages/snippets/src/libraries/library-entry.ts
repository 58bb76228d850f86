import type { ModelRecord } from "../model.js";

/** Returns the code strings that show how to load `model` with a library. Pure. */
export type LibrarySnippetFn = (model: ModelRecord) => string[];

/** One row of the library registry (spec §3). */
export interface LibraryEntry {
  /** Display label, e.g. `Sentence Transformers`. */
  prettyLabel: string;
  /** Repository name. */
  repoName: string;
  /** Repository URL. */
  repoUrl: string;
  /** Docs link, when the library has one. */
  docsUrl?: string;
  /** Whether the library is offered in the library filter list. */
  filter: boolean;
  /** File query that defines which file fetches count as downloads (see `downloads.ts`). */
  countDownloads?: string;
  /** Load snippets for a model, when the library has them. */
  snippets?: LibrarySnippetFn;
}
