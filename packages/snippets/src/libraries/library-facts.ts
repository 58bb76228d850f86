// The registry's facts in one fixed shape, without the snippet functions: what the API and the panel show.
import type { LibraryEntry, LibrarySnippetFn } from "./library-entry.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";
import type { SnippetLanguage } from "./snippet-language.js";

/** A registry row as data: optional fields are null, not missing. */
export interface LibraryFacts {
  /** Registry key, the value of `library_name`. */
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
  /** Whether the library has load snippets. */
  hasSnippets: boolean;
}

/** Every registry row as data, in registry order. */
export const LIBRARY_FACTS: readonly LibraryFacts[] = (
  Object.entries(LIBRARIES) as Array<[LibraryKey, LibraryEntry]>
).map(([key, entry]) => ({
  key,
  prettyLabel: entry.prettyLabel,
  repoName: entry.repoName,
  repoUrl: entry.repoUrl,
  docsUrl: entry.docsUrl ?? null,
  filter: entry.filter,
  countDownloads: entry.countDownloads ?? null,
  hasSnippets: entry.snippets !== undefined,
}));

/** A row's facts with its snippet function (null when it has none). */
export interface LibraryRow {
  /** The facts. */
  facts: LibraryFacts;
  /** The snippet function, or null. */
  snippets: LibrarySnippetFn | null;
  /** The declared language of each snippet, the last one standing for the rest (empty without snippets). */
  languages: readonly SnippetLanguage[];
}

// Read on every page view: one monomorphic shape instead of 258 differently-shaped registry rows.
/** Facts and snippet function of every library, by key. */
export const LIBRARY_ROWS: ReadonlyMap<string, LibraryRow> = new Map(
  LIBRARY_FACTS.map((facts) => {
    const entry: LibraryEntry = LIBRARIES[facts.key];
    return [facts.key, { facts, snippets: entry.snippets ?? null, languages: entry.snippetLanguages ?? [] }];
  }),
);
