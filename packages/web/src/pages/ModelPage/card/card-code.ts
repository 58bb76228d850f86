import type { SnippetLanguage } from "../../../api";

/** The highlighter language of each `language-*` name a card's code block may carry. */
const CARD_LANGUAGES = {
  python: "python",
  py: "python",
  js: "js",
  javascript: "js",
  bash: "sh",
  sh: "sh",
  shell: "sh",
} as const satisfies Record<string, SnippetLanguage>;

/** The highlighter language of a code block's `language-*` name, or null when it is not highlighted. */
export function cardCodeLanguage(language: string | undefined): SnippetLanguage | null {
  const name = language?.toLowerCase() ?? "";
  return Object.hasOwn(CARD_LANGUAGES, name) ? CARD_LANGUAGES[name as keyof typeof CARD_LANGUAGES] : null;
}
