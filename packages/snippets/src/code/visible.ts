/**
 * Characters that must never reach generated code raw: a terminal acts on them (ESC, CR, VT, C1 controls such
 * as CSI), hides or reorders them (bidirectional overrides, line separators), or cannot encode them (lone
 * surrogates). Every language module writes them as visible escapes; LF and TAB are left to each module.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this class names
export const INVISIBLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/u;

/**
 * INVISIBLE without the `u` flag, for fast scans: it also matches both halves of a surrogate pair (an emoji), so a
 * match only says "look closer", and a code-point loop then asks `isInvisible` of each character.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this class names
export const MAYBE_INVISIBLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/;

/**
 * What a double-quoted string literal of Python or JS cannot hold as it is: quotes, backslashes, and everything
 * MAYBE_INVISIBLE names (LF and TAB included). One scan decides; most values (ids, plain texts) hold none of it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
export const NEEDS_STRING_ESCAPE = /["\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/;

/** True for one character of a code-point loop (`for (const ch of text)`) that INVISIBLE names. */
export function isInvisible(ch: string): boolean {
  return ch.length === 1 && MAYBE_INVISIBLE.test(ch);
}

/** True for a single UTF-16 code unit that is a surrogate with no partner (`ch` comes from a code-point loop). */
export function isLoneSurrogate(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return ch.length === 1 && code >= 0xd800 && code <= 0xdfff;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** `\xHH` below U+0100, else `\uHHHH`: the escape spelling Python, JS and bash's `$'…'` all read. */
export function escapeCodeUnit(code: number): string {
  return code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

// Every character that ends a line somewhere (a terminal, Python, JS): tested first, since most texts have none.
const LINE_BREAK = /[\r\n\u2028\u2029\u0085\v\f]/;
const LINE_BREAKS = /[\r\n\u2028\u2029\u0085\v\f]+/g;

/**
 * Comment text on one line: every line break becomes a space, every other invisible character its escape
 * spelled out (`\x1b`), so a comment can neither end early nor hide what follows it.
 */
export function flattenLine(text: string): string {
  const flat = LINE_BREAK.test(text) ? text.replace(LINE_BREAKS, " ") : text;
  if (!MAYBE_INVISIBLE.test(flat)) return flat;
  let out = "";
  for (const ch of flat) out += isInvisible(ch) ? escapeCodeUnit(ch.charCodeAt(0)) : ch;
  return out;
}
