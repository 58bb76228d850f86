import type { InferenceSnippet, SnippetLanguage } from "../../api";
import { SNIPPET_LANGUAGES } from "../CodeBlock/languages";

/** What the inference view shows for the visitor's choice of language and client. */
export interface InferenceChoice {
  /** The language shown: the chosen one, else the first with a snippet, else python. */
  language: SnippetLanguage;
  /** The clients that have a snippet in that language, in the engine's order. */
  clients: string[];
  /** The client shown, or null when the language has none. */
  client: string | null;
  /** The snippets of that language and client. */
  snippets: InferenceSnippet[];
}

/** Resolves the visitor's (possibly stale or absent) choice against the snippets that exist. */
export function chooseInference(
  snippets: readonly InferenceSnippet[],
  wanted: { language: SnippetLanguage | null; client: string | null },
): InferenceChoice {
  const firstWithSnippet = SNIPPET_LANGUAGES.find((language) => snippets.some((s) => s.language === language));
  const language = wanted.language ?? firstWithSnippet ?? "python";
  const ofLanguage = snippets.filter((snippet) => snippet.language === language);
  const clients = [...new Set(ofLanguage.map((snippet) => snippet.client))];
  const client = clients.find((name) => name === wanted.client) ?? clients[0] ?? null;
  return { language, clients, client, snippets: ofLanguage.filter((snippet) => snippet.client === client) };
}
