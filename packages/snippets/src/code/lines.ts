/** One indent step in generated code: 4 spaces (Python and JSON alike; never tabs). */
export const INDENT = "    ";

/** Joins code lines with `\n`, leaving out the ones given as `false`, `null` or `undefined`. */
export function lines(...parts: ReadonlyArray<string | false | null | undefined>): string {
  let out = "";
  let first = true;
  for (const part of parts) {
    if (part === false || part === null || part === undefined) continue;
    out += first ? part : `\n${part}`;
    first = false;
  }
  return out;
}

/** Indents every non-empty line of `text` by `level` steps. */
export function indent(text: string, level = 1): string {
  const pad = INDENT.repeat(level);
  return text
    .split("\n")
    .map((line) => (line.length > 0 ? pad + line : line))
    .join("\n");
}

/**
 * `text` as one piece, for the constants snippets are built from. V8 keeps a string made by concatenation as a tree
 * of its parts, and every snippet holding a constant tree walks all of it again when the snippet is first read;
 * a constant made one piece at module load is copied in a single step.
 */
export function flat(text: string): string {
  // Reading a character makes V8 replace the tree by one piece, in place: the same string value, flattened.
  text.charCodeAt(0);
  return text;
}
