import type { SnippetLanguage } from "../../api";

/** How each snippet language is named in the UI. */
export const LANGUAGE_LABELS = { python: "Python", js: "JavaScript", sh: "Shell" } as const satisfies Record<
  SnippetLanguage,
  string
>;

/** The snippet languages in the order the panel offers them. */
export const SNIPPET_LANGUAGES = ["python", "js", "sh"] as const satisfies readonly SnippetLanguage[];

/** `value` when it names a snippet language, else null. */
export function asSnippetLanguage(value: string | null): SnippetLanguage | null {
  return SNIPPET_LANGUAGES.find((language) => language === value) ?? null;
}
