/** Python source: string literals, literal values and comments. The only way a value reaches generated Python. */

import { envName, headerValue, plainWord } from "./header.js";
import { escapeCodeUnit, flattenLine } from "./visible.js";

const PY_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

// One scan decides: quotes, backslashes, and everything MAYBE_INVISIBLE names (LF and TAB included).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/;

/**
 * A double-quoted Python string literal holding `value` exactly.
 * Control characters, lone surrogates, bidirectional controls and line separators are escaped so the
 * literal always stays on one line, shows what it holds and decodes back to `value`.
 */
export function pyStr(value: string): string {
  // Most values (ids, plain texts) need no escape at all: one scan, one concatenation.
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  return `"${value.replace(ESCAPED, escapeOne)}"`;
}

// The same class with the `u` flag, so a surrogate pair (an emoji) is one character and stays as it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
const ESCAPED = /["\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/gu;

function escapeOne(ch: string): string {
  return PY_ESCAPES[ch] ?? escapeCodeUnit(ch.charCodeAt(0));
}

/** A Python string literal of a header value; throws when the value could turn into a second header. */
export function pyHeaderStr(value: string): string {
  return pyStr(headerValue(value));
}

/** `os.environ["HF_TOKEN"]`: a credential read from the environment. */
export function pyEnvVar(variable: string): string {
  return `os.environ[${pyStr(envName(variable))}]`;
}

/** `f"Bearer {os.environ['HF_TOKEN']}"`: an Authorization value (single quotes keep pre-3.12 f-strings valid). */
export function pyEnvHeaderValue(scheme: string, variable: string): string {
  return `f"${plainWord(scheme)} {os.environ['${envName(variable)}']}"`;
}

/** A JSON-like value as a Python literal (dict, list, str, int/float, True/False/None), indented by 4 spaces. */
export function pyValue(value: unknown, level = 0): string {
  const pad = "    ".repeat(level + 1);
  const end = "    ".repeat(level);
  if (value === null || value === undefined) return "None";
  if (typeof value === "string") return pyStr(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => pad + pyValue(v, level + 1)).join(",\n")},\n${end}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${pad}${pyStr(k)}: ${pyValue(v, level + 1)}`).join(",\n")},\n${end}}`;
  }
  return "None";
}

/** A `#` comment line; line breaks in `text` are flattened so the comment cannot end early. */
export function pyComment(text: string): string {
  return `# ${flattenLine(text)}`;
}

const PY_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** True when `name` can be written as a bare Python identifier (ASCII only, not a keyword). */
export function isPyIdentifier(name: unknown): name is string {
  return typeof name === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PY_KEYWORDS.has(name);
}
