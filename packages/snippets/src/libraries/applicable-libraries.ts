import type { ModelRecord } from "../model.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";

const KEYS = Object.keys(LIBRARIES) as LibraryKey[];

/** True when `key` names a library in the registry. */
export function isLibraryKey(key: unknown): key is LibraryKey {
  return typeof key === "string" && Object.hasOwn(LIBRARIES, key);
}

/** The libraries that apply to a model: its `library_name` first, then every other registry key in its tags, in registry order. */
export function applicableLibraries(model: Pick<ModelRecord, "library_name" | "tags">): LibraryKey[] {
  const out: LibraryKey[] = [];
  const main = model.library_name;
  if (isLibraryKey(main)) out.push(main);
  if (model.tags.length === 0) return out;
  const tags = new Set(model.tags);
  for (const key of KEYS) {
    if (key !== main && tags.has(key)) out.push(key);
  }
  return out;
}
