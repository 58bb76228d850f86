import type { ModelRecord } from "../model.js";
import { applicableLibraries } from "./applicable-libraries.js";
import { LIBRARY_ROWS, type LibraryRow } from "./library-facts.js";
import type { LibraryKey } from "./registry.js";
import type { SnippetLanguage } from "./snippet-language.js";

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
  const out: LibrarySnippets[] = [];
  for (const key of applicableLibraries(model)) {
    const { facts, snippets: snippetsOf, languages } = LIBRARY_ROWS.get(key) as LibraryRow;
    const snippets = snippetsOf === null ? [] : snippetsOf(model);
    out.push({
      key,
      prettyLabel: facts.prettyLabel,
      repoName: facts.repoName,
      repoUrl: facts.repoUrl,
      docsUrl: facts.docsUrl,
      filter: facts.filter,
      countDownloads: facts.countDownloads,
      snippets,
      languages: declaredLanguages(languages, snippets.length),
    });
  }
  return out;
}

/**
 * The language of each of `count` snippets from the registry's declaration (the last declared language stands for
 * the rest): the snippets are not read, so a string V8 built by concatenation is flattened once, when it is sent.
 */
export function declaredLanguages(declared: readonly SnippetLanguage[], count: number): SnippetLanguage[] {
  const out: SnippetLanguage[] = [];
  const last = declared.length - 1;
  for (let i = 0; i < count; i++) out.push(declared[i < last ? i : last] as SnippetLanguage);
  return out;
}
