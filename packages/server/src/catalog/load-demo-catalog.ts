// The demo catalog: loaded on the first start with an empty database, so a fresh hub has models to show.
import { type ImportProgress, importModels } from "../import/import-models.js";
import type { Store } from "../store/store.js";
import { DEMO_CATALOG_PATH } from "./catalog-path.js";
import { readLines } from "./read-lines.js";

/** Loads the catalog at `path` when the store is empty; returns the totals, or null when nothing was loaded. */
export async function loadDemoCatalog(store: Store, path: string = DEMO_CATALOG_PATH): Promise<ImportProgress | null> {
  if ((await store.countModels({ all: true })) > 0) return null;
  const problems: string[] = [];
  const result = await importModels(store, readLines(path), {
    onRejected: (r) => problems.push(r.line === null ? r.message : `line ${r.line}: ${r.message}`),
  });
  // The catalog ships with the code: a rejected line is a bug in the repository, not user input.
  if (problems.length > 0) throw new Error(`demo catalog ${path} has bad lines:\n${problems.join("\n")}`);
  return result;
}
