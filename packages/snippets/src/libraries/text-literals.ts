// One-line list literals for short lists of strings, which read better inline than one item per line.
import { jsStr } from "../code/js.js";
import { pyStrBody, pyValue } from "../code/python.js";

/** A one-line Python list of string literals, each escaped by `pyStr`, e.g. `["a", "b"]`. */
export function pyList(items: readonly string[]): string {
  // Quotes and separators are written around each item's escaped body: no array of literals and no join (a
  // runtime call) per list, and fewer pieces for the snippet.
  if (items.length === 0) return "[]";
  let out = `["${pyStrBody(items[0] as string)}`;
  for (let i = 1; i < items.length; i++) out += `", "${pyStrBody(items[i] as string)}`;
  return `${out}"]`;
}

/** A Python list of texts: on one line when it holds a single text, one text per line otherwise. */
export function pyTexts(items: readonly string[]): string {
  return items.length === 1 ? pyList(items) : pyValue(items);
}

/** A one-line JS array of string literals, each escaped by `jsStr`. */
export function jsList(items: readonly string[]): string {
  return `[${items.map(jsStr).join(", ")}]`;
}
