// The words of a model card, as full-text search matches them: the README body's plain text (no front matter, no
// markup, no link targets), folded and cut into words here, in one place, so SQLite's FTS5 and PostgreSQL's tsvector
// index exactly the same words and a search finds the same models on both.
import MarkdownIt from "markdown-it";
import { splitFrontMatter } from "./front-matter.js";

/** Most plain text read from one card, in UTF-8 bytes: a card's first 64 KiB of prose is what search indexes. */
export const MAX_CARD_TEXT_BYTES = 64 * 1024;

// Markdown read before parsing: markup rarely triples the size of its text, so this always yields the 64 KiB.
const MAX_MARKDOWN_CHARS = 4 * MAX_CARD_TEXT_BYTES;

/** Longest word kept: longer runs are hashes or encoded blobs (and PostgreSQL refuses lexemes over 2 KB). */
export const MAX_WORD_CHARS = 128;

// The parser only tokenizes (raw HTML stays text, as the card renderer shows it); it keeps no state between calls.
const markdown = new MarkdownIt({ html: false, linkify: false });

type Token = ReturnType<typeof markdown.parse>[number];

// The text a reader sees in one block token: inline text, code spans, image alt text; fenced and indented code too.
function tokenText(token: Token): string[] {
  if (token.type === "fence" || token.type === "code_block") return [token.content];
  if (token.type !== "inline") return [];
  return (token.children ?? []).flatMap((child) =>
    child.type === "text" || child.type === "code_inline" || child.type === "image" ? [child.content] : [],
  );
}

/** The plain text of a card's markdown body (front matter dropped), at most MAX_CARD_TEXT_BYTES of it. */
export function cardPlainText(readme: string): string {
  let body: string;
  try {
    body = splitFrontMatter(readme).body;
  } catch {
    // An unclosed front matter: the card reader refuses its metadata, but the prose is still the card's.
    body = readme;
  }
  const pieces: string[] = [];
  let bytes = 0;
  for (const token of markdown.parse(body.slice(0, MAX_MARKDOWN_CHARS), {})) {
    for (const text of tokenText(token)) {
      const size = Buffer.byteLength(text) + 1;
      if (bytes + size > MAX_CARD_TEXT_BYTES) return pieces.join("\n");
      pieces.push(text);
      bytes += size;
    }
  }
  return pieces.join("\n");
}

/**
 * The distinct words of `text`, in order of first appearance: lower-cased, accents removed (é → e), cut at every
 * character that is not a letter or a digit. Search terms go through the same function as cards do.
 */
export function searchWords(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "");
  const words = new Set<string>();
  for (const word of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length > 0 && word.length <= MAX_WORD_CHARS) words.add(word);
  }
  return [...words];
}

/** What the index stores for a README: its distinct words joined by single spaces ("" for a card with no words). */
export function cardWords(readme: string): string {
  return searchWords(cardPlainText(readme)).join(" ");
}
