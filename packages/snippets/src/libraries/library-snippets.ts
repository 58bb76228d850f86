import type { ModelRecord } from "../model.js";
import { applicableLibraries } from "./applicable-libraries.js";
import type { LibraryEntry, LibrarySnippetFn } from "./library-entry.js";
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

/** A registry row in one fixed shape (registry rows differ in which optional fields they have). */
interface LibraryFacts {
  key: LibraryKey;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl: string | null;
  filter: boolean;
  countDownloads: string | null;
  snippets: LibrarySnippetFn | null;
}

// Built once at load: reading 258 differently-shaped rows on every call made each field access megamorphic.
const FACTS: ReadonlyMap<string, LibraryFacts> = new Map(
  (Object.entries(LIBRARIES) as Array<[LibraryKey, LibraryEntry]>).map(([key, entry]) => [
    key,
    {
      key,
      prettyLabel: entry.prettyLabel,
      repoName: entry.repoName,
      repoUrl: entry.repoUrl,
      docsUrl: entry.docsUrl ?? null,
      filter: entry.filter,
      countDownloads: entry.countDownloads ?? null,
      snippets: entry.snippets ?? null,
    },
  ]),
);

/** Every applicable library of `model` with its load snippets, `library_name` first. */
export function getLibrarySnippets(model: ModelRecord): LibrarySnippets[] {
  const out: LibrarySnippets[] = [];
  for (const key of applicableLibraries(model)) {
    const facts = FACTS.get(key) as LibraryFacts;
    const snippets = facts.snippets === null ? [] : facts.snippets(model);
    out.push({
      key,
      prettyLabel: facts.prettyLabel,
      repoName: facts.repoName,
      repoUrl: facts.repoUrl,
      docsUrl: facts.docsUrl,
      filter: facts.filter,
      countDownloads: facts.countDownloads,
      snippets,
      languages: snippets.map(snippetLanguage),
    });
  }
  return out;
}
