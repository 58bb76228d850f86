/** POSIX shell source: quoted words, headers and comments. The only way a value reaches a generated shell command. */

import { envName, headerName, headerValue, plainWord } from "./header.js";
import { flattenLine, isInvisible, isLoneSurrogate, MAYBE_INVISIBLE } from "./visible.js";

const UTF8 = new TextEncoder();

/**
 * One shell word holding `value` literally: single quotes, with each `'` written as `'\''` and each invisible
 * character as a visible `$'\xHH'` escape of its UTF-8 bytes (exact in any locale). NUL cannot live in a shell
 * argument, so it is dropped; a lone surrogate has no UTF-8 form, so it becomes U+FFFD.
 */
export function shQuote(value: string): string {
  // LF stays raw: JSON bodies are shown indented, and a line break inside single quotes is visible and literal.
  if (!MAYBE_INVISIBLE.test(value)) return value.includes("'") ? `'${value.replaceAll("'", "'\\''")}'` : `'${value}'`;
  let word = "";
  let quoted = "";
  let escaped = "";
  const flushQuoted = (): void => {
    if (quoted !== "") word += `'${quoted}'`;
    quoted = "";
  };
  const flushEscaped = (): void => {
    if (escaped !== "") word += `$'${escaped}'`;
    escaped = "";
  };
  for (const ch of value) {
    if (ch === "\0") continue;
    if (ch === "'") {
      flushEscaped();
      flushQuoted();
      word += "\\'";
    } else if (isInvisible(ch) && !isLoneSurrogate(ch)) {
      flushQuoted();
      for (const byte of UTF8.encode(ch)) escaped += `\\x${byte.toString(16).padStart(2, "0")}`;
    } else {
      flushEscaped();
      quoted += isLoneSurrogate(ch) ? "\ufffd" : ch;
    }
  }
  flushEscaped();
  flushQuoted();
  return word === "" ? "''" : word;
}

/** `-H 'Name: value'`; throws when the value could turn into a second header (see header.ts). */
export function shHeader(name: string, value: string): string {
  return `-H ${shQuote(`${headerName(name)}: ${headerValue(value)}`)}`;
}

/** `-H "Authorization: Bearer $HF_TOKEN"`: the variable expands inside double quotes, the rest is plain. */
export function shEnvHeader(name: string, scheme: string, variable: string): string {
  return `-H "${plainWord(name)}: ${plainWord(scheme)} $${envName(variable)}"`;
}

/** A `#` comment line; line breaks in `text` are flattened so the comment cannot end early. */
export function shComment(text: string): string {
  return `# ${flattenLine(text)}`;
}
