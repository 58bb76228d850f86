// Splits a model card into its YAML front matter and its markdown body.
import { ModelFileError } from "./model-file-error.js";

/** A model card cut in two: the YAML between the `---` fences (null when there is none) and the markdown after. */
export interface CardParts {
  /** The YAML text, without the fences; null when the card has no front matter. */
  yaml: string | null;
  /** The markdown body. */
  body: string;
  /** Lines before the body starts, so YAML error positions can be read against the whole file. */
  yamlLineOffset: number;
}

// The opening fence must be the first line; the closing one is `---` or YAML's document end `...`.
const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
// A closing fence line (a trailing CR allowed), found by one regular expression search: splitting a 5 MiB card into
// its million lines held the event loop for a few hundred milliseconds.
const CLOSING_LINE = /(?:^|\n)(?:---|\.\.\.)[ \t]*\r?(?=\n|$)/;

/** Cuts `text` (the file `file`) at its front matter fences; a card without an opening fence is all body. */
export function splitFrontMatter(text: string, file = "README.md"): CardParts {
  const opening = OPENING.exec(text);
  if (!opening) return { yaml: null, body: text, yamlLineOffset: 0 };
  const rest = text.slice(opening[0].length);
  const close = CLOSING_LINE.exec(rest);
  if (!close) throw new ModelFileError(file, null, "front matter opened with '---' on line 1 is never closed");
  const lineStart = close.index + (close[0].startsWith("\n") ? 1 : 0);
  const lineEnd = close.index + close[0].length;
  return {
    yaml: lineStart === 0 ? "" : rest.slice(0, lineStart - 1),
    body: lineEnd >= rest.length ? "" : rest.slice(lineEnd + 1),
    yamlLineOffset: 1,
  };
}
