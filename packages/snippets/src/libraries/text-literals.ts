// One-line list literals for short lists of strings, which read better inline than one item per line.
import { jsStr } from "../code/js.js";
import { pyStr, pyValue } from "../code/python.js";

/** A one-line Python list of string literals, each escaped by `pyStr`. */
export function pyList(items: readonly string[]): string {
  return `[${items.map(pyStr).join(", ")}]`;
}

/** A Python list of texts: on one line when it holds a single text, one text per line otherwise. */
export function pyTexts(items: readonly string[]): string {
  return items.length === 1 ? pyList(items) : pyValue(items);
}

/** A one-line JS array of string literals, each escaped by `jsStr`. */
export function jsList(items: readonly string[]): string {
  return `[${items.map(jsStr).join(", ")}]`;
}
