// Small readers of the model record that several "generation" snippets share. They return raw model data,
// which callers pass through the escaping module, except pyWidgetText, which returns an escaped literal.
import { pyStr } from "../code/index.js";
import type { ModelRecord } from "../model.js";

/** The first non-empty widget text of the model: the prompt its examples are shown with. */
export function widgetText(model: ModelRecord): string | undefined {
  for (const example of model.widgetData ?? []) {
    if (typeof example.text === "string" && example.text.trim() !== "") return example.text;
  }
  return undefined;
}

/** The first non-empty widget input URL (`src`) of the model, e.g. the input image of an image-to-image widget. */
export function widgetSrc(model: ModelRecord): string | undefined {
  for (const example of model.widgetData ?? []) {
    if (typeof example.src === "string" && example.src.trim() !== "") return example.src;
  }
  return undefined;
}

/** The path of the first model file that `accept` takes, in the order the hub lists them. */
export function findSibling(model: ModelRecord, accept: (path: string) => boolean): string | undefined {
  for (const sibling of model.siblings ?? []) {
    if (accept(sibling.rfilename)) return sibling.rfilename;
  }
  return undefined;
}

/** True when the model carries `tag` exactly. */
export function hasTag(model: ModelRecord, tag: string): boolean {
  return model.tags.includes(tag);
}

/** The last path segment of the model id (`org/name` → `name`). */
export function repoName(model: ModelRecord): string {
  const slash = model.id.lastIndexOf("/");
  return slash === -1 ? model.id : model.id.slice(slash + 1);
}

/** A Python float literal: Python examples write guidance scales as `5.0`, not `5`. */
export function pyFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

/**
 * The widget text as a Python string literal, or `fallbackLiteral` (a literal built once from a constant) when
 * the model has none; saves escaping the same default prompt on every call.
 */
export function pyWidgetText(model: ModelRecord, fallbackLiteral: string): string {
  const text = widgetText(model);
  return text === undefined ? fallbackLiteral : pyStr(text);
}
