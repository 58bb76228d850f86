/** JavaScript source: string literals, literal values and comments. The only way a value reaches generated JS. */

import { envName, headerValue, plainWord } from "./header.js";
import { escapeCodeUnit, flattenLine, NEEDS_STRING_ESCAPE } from "./visible.js";

// JSON.stringify already escapes C0 controls, quotes, backslashes and lone surrogates; these it leaves raw.
const AFTER_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const AFTER_JSON_ALL = new RegExp(AFTER_JSON.source, "g");

function escapeRest(json: string): string {
  return AFTER_JSON.test(json) ? json.replace(AFTER_JSON_ALL, (ch) => escapeCodeUnit(ch.charCodeAt(0))) : json;
}

/** A double-quoted JS string literal holding `value` exactly (safe inside any JS context, not a template literal). */
export function jsStr(value: string): string {
  // A value with nothing to escape is its text between quotes, as JSON.stringify would write it: that call costs
  // several times the scan (measured 400 ns for a 40-character id).
  return NEEDS_STRING_ESCAPE.test(value) ? escapeRest(JSON.stringify(value)) : `"${value}"`;
}

/** A JSON-like value as a JS expression, indented by 4 spaces; nested levels start at `level`. */
export function jsValue(value: unknown, level = 0): string {
  const text = escapeRest(JSON.stringify(value, null, 4) ?? "null");
  return level === 0 ? text : text.replace(/\n/g, `\n${"    ".repeat(level)}`);
}

/** A JS string literal of a header value; throws when the value could turn into a second header. */
export function jsHeaderStr(value: string): string {
  return jsStr(headerValue(value));
}

/** `process.env.HF_TOKEN`: a credential read from the environment. */
export function jsEnvVar(variable: string): string {
  return `process.env.${envName(variable)}`;
}

/** `` `Bearer ${process.env.HF_TOKEN}` ``: an Authorization value as a template literal over the variable. */
export function jsEnvHeaderValue(scheme: string, variable: string): string {
  return `\`${plainWord(scheme)} \${${jsEnvVar(variable)}}\``;
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
