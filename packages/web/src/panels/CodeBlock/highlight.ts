// Loaded with a dynamic import only (see useHighlighted): the grammars stay out of the first bundle.
import type { Root } from "hast";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import python from "highlight.js/lib/languages/python";
import { createLowlight } from "lowlight";
import type { SnippetLanguage } from "../../api";

/** The highlight.js grammar of each snippet language. */
const GRAMMARS = { python: "python", js: "javascript", sh: "bash" } as const satisfies Record<SnippetLanguage, string>;

// Built once when the chunk loads and never changed afterwards: registration is the costly part.
const lowlight = createLowlight({ python, javascript, bash });

/** The syntax tree of `code` highlighted as `language`. */
export function highlight(code: string, language: SnippetLanguage): Root {
  return lowlight.highlight(GRAMMARS[language], code);
}
