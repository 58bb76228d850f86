/** Python source: string literals, literal values and comments. The only way a value reaches generated Python. */

import { envName, headerValue, plainWord } from "./header.js";
import { escapeCodeUnit, flattenLine, NEEDS_STRING_ESCAPE } from "./visible.js";

const PY_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/**
 * A double-quoted Python string literal holding `value` exactly.
 * Control characters, lone surrogates, bidirectional controls and line separators are escaped so the
 * literal always stays on one line, shows what it holds and decodes back to `value`.
 */
export function pyStr(value: string): string {
  return `"${pyStrBody(value)}"`;
}

/**
 * What `pyStr(value)` holds between its double quotes, for code text that writes the quotes itself (a template
 * ending `model="`): `"${pyStrBody(value)}"` is `pyStr(value)`. Most values come back as they are, so the snippet
 * gets no pieces for the quotes (each piece of a string built by concatenation is copied again when it is read).
 */
export function pyStrBody(value: string): string {
  // Most values (ids, plain texts) need no escape at all: one scan, and the value itself.
  return NEEDS_STRING_ESCAPE.test(value) ? value.replace(ESCAPED, escapeOne) : value;
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
  if (value === null || value === undefined) return "None";
  switch (typeof value) {
    case "string":
      return pyStr(value);
    case "boolean":
      return value ? "True" : "False";
    case "number":
      return Number.isFinite(value) ? String(value) : "None";
    case "object":
      return Array.isArray(value) ? pyListValue(value, level) : pyDictValue(value as Record<string, unknown>, level);
    default:
      return "None";
  }
}

// Indentation of the first levels, built once: literals are written on every page view.
const PADS = Array.from({ length: 8 }, (_, level) => "    ".repeat(level));

function pad(level: number): string {
  return PADS[level] ?? "    ".repeat(level);
}

// The line break and indentation that start an item of each level, with the opening quote of a string item, and
// those that close a list of each level: one piece each, so a list adds only its values' pieces.
const ITEM_STARTS = PADS.map((indentation) => `\n${indentation}`);
const STRING_ITEM_STARTS = PADS.map((indentation) => `\n${indentation}"`);
const LIST_ENDS = PADS.map((indentation) => `\n${indentation}]`);

// One item per line, each followed by a comma: `[\n    1,\n    2,\n]`.
function pyListValue(items: readonly unknown[], level: number): string {
  if (items.length === 0) return "[]";
  const inner = level + 1;
  let out = "[";
  for (const item of items) {
    out +=
      typeof item === "string"
        ? `${STRING_ITEM_STARTS[inner] ?? `\n${pad(inner)}"`}${pyStrBody(item)}",`
        : `${ITEM_STARTS[inner] ?? `\n${pad(inner)}`}${pyValue(item, inner)},`;
  }
  return out + (LIST_ENDS[level] ?? `\n${pad(level)}]`);
}

// Like a list, with `"key": value` items; undefined values are left out, as JSON leaves them out.
function pyDictValue(record: Record<string, unknown>, level: number): string {
  const inner = pad(level + 1);
  let out = "{";
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (item !== undefined) out += `\n${inner}${pyStr(key)}: ${pyValue(item, level + 1)},`;
  }
  return out === "{" ? "{}" : `${out}\n${pad(level)}}`;
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
