import type { ModelRecord } from "../model.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";

// Registry position of every key: a model's tags (a handful) are looked up here instead of scanning 258 keys.
const KEY_ORDER: ReadonlyMap<string, number> = new Map(Object.keys(LIBRARIES).map((key, index) => [key, index]));

/** True when `key` names a library in the registry. */
export function isLibraryKey(key: unknown): key is LibraryKey {
  return typeof key === "string" && KEY_ORDER.has(key);
}

/** The libraries that apply to a model: its `library_name` first, then every other registry key in its tags, in registry order. */
export function applicableLibraries(model: Pick<ModelRecord, "library_name" | "tags">): LibraryKey[] {
  const main = model.library_name;
  const fromTags: LibraryKey[] = [];
  for (const tag of model.tags) {
    if (tag !== main && KEY_ORDER.has(tag) && !fromTags.includes(tag as LibraryKey)) fromTags.push(tag as LibraryKey);
  }
  if (fromTags.length > 1) fromTags.sort((a, b) => (KEY_ORDER.get(a) ?? 0) - (KEY_ORDER.get(b) ?? 0));
  return isLibraryKey(main) ? [main, ...fromTags] : fromTags;
}
