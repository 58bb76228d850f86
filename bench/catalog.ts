// The demo catalog as model records, for the engine benchmarks.
import { readFileSync } from "node:fs";
import { type ModelRecord, parseModelRecord } from "@modelhub/snippets";

/** Where the demo catalog lives in the repository. */
export const CATALOG_FILE = new URL("../packages/server/catalog/demo-models.jsonl", import.meta.url);

/** Every record of the demo catalog. */
export function loadCatalog(): ModelRecord[] {
  return readFileSync(CATALOG_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => parseModelRecord(JSON.parse(line)));
}
