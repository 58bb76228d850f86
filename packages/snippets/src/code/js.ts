/** JavaScript source: string literals, literal values and comments. The only way a value reaches generated JS. */

import { flattenLine } from "./python.js";

/** A double-quoted JS string literal holding `value` exactly (safe inside any JS context, not a template literal). */
export function jsStr(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A JSON-like value as a JS expression, indented by 4 spaces; nested levels start at `level`. */
export function jsValue(value: unknown, level = 0): string {
  const text = (JSON.stringify(value, null, 4) ?? "null").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return level === 0 ? text : text.replace(/\n/g, `\n${"    ".repeat(level)}`);
}

/** A `//` comment line; line breaks in `text` are flattened so the comment cannot end early. */
export function jsComment(text: string): string {
  return `// ${flattenLine(text)}`;
}

const JS_RESERVED = new Set(
  "await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield".split(
    " ",
  ),
);

/** True when `name` can be written as a bare JS identifier (ASCII only, not reserved). */
export function isJsIdentifier(name: unknown): name is string {
  return typeof name === "string" && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !JS_RESERVED.has(name);
}
