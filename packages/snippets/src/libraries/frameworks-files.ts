// Reading model-record facts several "frameworks" snippets need: file names, the repo name, table lookups.
import type { ModelRecord } from "../model.js";

// Split checkpoints are named `<stem>-0000N-of-0000M.<ext>`; only the first part is passed to a loader.
const SPLIT_MARKER = "-of-";
const FIRST_SPLIT_PART = "-00001-of-";

/**
 * The file of the repository a loader should open for `extension` (e.g. `.gguf`): the first one whose name
 * ends with it (case-insensitive), preferring a name that contains `preferred`, skipping later split parts
 * and names containing `exclude` (both given in lower case). Undefined when the record lists no such file.
 */
export function pickRepoFile(
  model: ModelRecord,
  extension: string,
  preferred?: string,
  exclude?: string,
): string | undefined {
  let first: string | undefined;
  for (const sibling of model.siblings ?? []) {
    const name = sibling.rfilename;
    const lower = name.toLowerCase();
    if (!lower.endsWith(extension)) continue;
    if (exclude !== undefined && lower.includes(exclude)) continue;
    if (lower.includes(SPLIT_MARKER) && !lower.includes(FIRST_SPLIT_PART)) continue;
    if (preferred === undefined || lower.includes(preferred)) return name;
    first ??= name;
  }
  return first;
}
