// Reading a model record for the "audio" family. Model data is untrusted: every value is type-checked
// here, and it still reaches generated code only through the escaping module.
import { pyStr } from "../code/index.js";
import type { ModelRecord } from "../model.js";

/** The text of the model's first widget example that has one. */
function widgetText(model: ModelRecord): string | undefined {
  const examples = model.widgetData;
  if (!Array.isArray(examples)) return undefined;
  for (const example of examples) {
    const text = example?.text;
    if (typeof text === "string" && text.trim() !== "") return text;
  }
  return undefined;
}

/**
 * The model's first widget text as a Python string literal, or `fallbackLiteral` (a literal the caller
 * built once with `pyStr`) when it has none: snippets are built per page view, so defaults are not re-escaped.
 */
export function exampleTextLiteral(model: ModelRecord, fallbackLiteral: string): string {
  const text = widgetText(model);
  return text === undefined ? fallbackLiteral : pyStr(text);
}

/** True when the model carries `tag`. */
export function hasTag(model: ModelRecord, tag: string): boolean {
  return Array.isArray(model.tags) && model.tags.includes(tag);
}

/** The first file of the model repository whose name ends with `suffix`, when the record lists its files. */
export function siblingEndingWith(model: ModelRecord, suffix: string): string | undefined {
  const siblings = model.siblings;
  if (!Array.isArray(siblings)) return undefined;
  for (const sibling of siblings) {
    const name = sibling?.rfilename;
    if (typeof name === "string" && name.endsWith(suffix)) return name;
  }
  return undefined;
}

/**
 * The value `table` holds for `key`, only when `key` is one of the table's own entries: keys come from
 * model data, so inherited names such as `constructor` or `__proto__` must not resolve.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The sentence text-to-speech snippets speak when the model has no widget text, as a Python literal. */
export const TTS_TEXT_LITERAL = pyStr("Hello! This sentence was spoken by a text-to-speech model.");
