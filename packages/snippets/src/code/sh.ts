/** POSIX shell source: single-quoted words and comments. The only way a value reaches a generated shell command. */

import { flattenLine } from "./python.js";

/**
 * One shell word holding `value` literally: single quotes, with each `'` written as `'\''`.
 * NUL cannot live in a shell argument, so it is dropped.
 */
export function shQuote(value: string): string {
  return `'${value.replace(/\0/g, "").replace(/'/g, "'\\''")}'`;
}

/** A `#` comment line; line breaks in `text` are flattened so the comment cannot end early. */
export function shComment(text: string): string {
  return `# ${flattenLine(text)}`;
}
