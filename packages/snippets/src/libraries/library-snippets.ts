import type { ModelRecord } from "../model.js";
import { applicableLibraries } from "./applicable-libraries.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";
import { type SnippetLanguage, snippetLanguage } from "./snippet-language.js";

/** A library that applies to a model, with its registry fields and the model's load snippets. */
export interface LibrarySnippets {
  /** Registry key. */
  key: LibraryKey;
  /** Display label. */
  prettyLabel: string;
  /** Repository name. */
  repoName: string;
  /** Repository URL. */
  repoUrl: string;
  /** Docs link, or null. */
  docsUrl: string | null;
  /** Whether the library is in the filter list. */
  filter: boolean;
  /** Download-count query, or null. */
  countDownloads: string | null;
  /** Code strings that load the model (empty when the library has no snippets). */
  snippets: string[];
  /** The language of each snippet, index for index. */
  languages: SnippetLanguage[];
}

/** Every applicable library of `model` with its load snippets, `library_name` first. */
export function getLibrarySnippets(model: ModelRecord): LibrarySnippets[] {
  return applicableLibraries(model).map((key) => {
    const entry: {
      prettyLabel: string;
      repoName: string;
      repoUrl: string;
      docsUrl?: string;
      filter: boolean;
      countDownloads?: string;
      snippets?: (m: ModelRecord) => string[];
    } = LIBRARIES[key];
    const snippets = entry.snippets ? entry.snippets(model) : [];
    return {
      key,
      prettyLabel: entry.prettyLabel,
      repoName: entry.repoName,
      repoUrl: entry.repoUrl,
      docsUrl: entry.docsUrl ?? null,
      filter: entry.filter,
      countDownloads: entry.countDownloads ?? null,
      snippets,
      languages: snippets.map(snippetLanguage),
    };
  });
}
