// Readers of the model record that snippets share: names, tags, widget examples and files. Model data is
// untrusted: each reader type-checks what it returns, and callers still pass every value through the escaping
// module (`code/`) before it reaches generated code. One reader per fact, so every family reads a record alike.
import type { ModelRecord } from "./model.js";

/** The part of a model id after the namespace: `acme/demo-model` gives `demo-model` (the whole id when none). */
export function repoName(model: ModelRecord): string {
  return model.id.slice(model.id.lastIndexOf("/") + 1);
}

/** The namespace of a model id (`acme/demo-model` gives `acme`); empty when the id has none. */
export function repoNamespace(model: ModelRecord): string {
  const slash = model.id.lastIndexOf("/");
  return slash === -1 ? "" : model.id.slice(0, slash);
}

/** True when the model carries `tag` exactly. */
export function hasTag(model: ModelRecord, tag: string): boolean {
  return Array.isArray(model.tags) && model.tags.includes(tag);
}

/** The first widget example's string field `key` that holds more than white space. */
function widgetField(model: ModelRecord, key: "text" | "src" | "candidate_labels"): string | undefined {
  const examples = model.widgetData;
  if (!Array.isArray(examples)) return undefined;
  for (const example of examples) {
    const value = example?.[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

/** The first widget text of the model: the prompt or sentence its examples are shown with. */
export function widgetText(model: ModelRecord): string | undefined {
  return widgetField(model, "text");
}

/** The first widget input URL (`src`): the image or audio file a widget example runs on. */
export function widgetSrc(model: ModelRecord): string | undefined {
  return widgetField(model, "src");
}

/** The first widget example's comma-separated `candidate_labels`, split and trimmed. */
export function widgetCandidateLabels(model: ModelRecord): string[] | undefined {
  const field = widgetField(model, "candidate_labels");
  if (field === undefined) return undefined;
  // An indexOf walk: String.prototype.split with a string separator is a runtime call, several times the cost.
  const labels: string[] = [];
  for (let start = 0; start <= field.length; ) {
    let comma = field.indexOf(",", start);
    if (comma === -1) comma = field.length;
    const label = field.slice(start, comma).trim();
    if (label !== "") labels.push(label);
    start = comma + 1;
  }
  return labels.length > 0 ? labels : undefined;
}

/** The path of the first model file that `accept` takes, in the order the hub lists them. */
export function findSibling(model: ModelRecord, accept: (path: string) => boolean): string | undefined {
  const siblings = model.siblings;
  if (!Array.isArray(siblings)) return undefined;
  for (const sibling of siblings) {
    const path = sibling?.rfilename;
    if (typeof path === "string" && accept(path)) return path;
  }
  return undefined;
}

/** The path of the first model file whose name ends with `suffix`. */
export function siblingEndingWith(model: ModelRecord, suffix: string): string | undefined {
  return findSibling(model, (path) => path.endsWith(suffix));
}

/**
 * The value `table` holds for `key`, only when `key` is one of the table's own entries: keys come from
 * model data, so inherited names such as `constructor` or `__proto__` must not resolve.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;
}
