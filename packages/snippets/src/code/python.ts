/** Python source: string literals, literal values and comments. The only way a value reaches generated Python. */

const PY_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
const NEEDS_ESCAPE = /[\x00-\x1f"\\\x7f\x85\u2028\u2029\ud800-\udfff]/;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/**
 * A double-quoted Python string literal holding `value` exactly.
 * Control characters, lone surrogates and line separators are escaped so the
 * literal always stays on one line and decodes back to `value`.
 */
export function pyStr(value: string): string {
  // Most values (ids, plain texts) need no escape at all: one scan, one concatenation.
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  let out = '"';
  for (const ch of value) {
    const mapped = PY_ESCAPES[ch];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if ((code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029 || code === 0x85)
      out += `\\u${hex(code, 4)}`;
    else out += ch;
  }
  return `${out}"`;
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

/** Replaces every kind of line break with a space. */
export function flattenLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085\v\f]+/g, " ");
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
