import type { ModelRecord } from "../model.js";
import type { SnippetLanguage } from "./snippet-language.js";

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
  /**
   * The language of each snippet `snippets` returns, index for index; the last one also stands for any snippet past
   * the list (`["sh", "python"]`: an install command, then as many Python snippets as the model gets). Declared
   * where the snippets are registered so the panel need not read the code to tell it (all-libraries.test.ts
   * checks every declaration against `snippetLanguage` of the code).
   */
  snippetLanguages?: readonly SnippetLanguage[];
}
