import { getJson, withQuery } from "./http";
import { array, count, record, stringOrNull } from "./parse";
import type { Counted, FilterLibrary } from "./types";

/** A `{key, prettyLabel, count}` row from one library entry; the key may come from the entry or its map key. */
function toFilterLibrary(value: unknown, fallbackKey: string | null): FilterLibrary {
  const row = record(value);
  const key = stringOrNull(row.key) ?? stringOrNull(row.id) ?? fallbackKey ?? "";
  return { key, prettyLabel: stringOrNull(row.prettyLabel) ?? key, count: count(row.count) };
}

/**
 * `GET /api/libraries?filter=true`: the filter libraries with their model counts, most used first.
 * The registry may come as a list of entries or as a table keyed by library; both read the same.
 */
export async function getFilterLibraries(signal?: AbortSignal): Promise<FilterLibrary[]> {
  const { body } = await getJson(withQuery("/api/libraries", { filter: "true" }), signal);
  const rows = Array.isArray(body)
    ? body.map((entry) => toFilterLibrary(entry, null))
    : Object.entries(record(body)).map(([key, entry]) => toFilterLibrary(entry, key));
  return rows
    .filter((library) => library.key !== "")
    .sort((a, b) => b.count - a.count || a.prettyLabel.localeCompare(b.prettyLabel));
}

/** `[{id, count}]` rows from the wire. */
function toCounted(body: unknown): Counted[] {
  return array(body)
    .map((value) => {
      const row = record(value);
      return { id: stringOrNull(row.id) ?? "", count: count(row.count) };
    })
    .filter((row) => row.id !== "");
}

/** `GET /api/pipelines`: tasks with their model counts. */
export async function getPipelines(signal?: AbortSignal): Promise<Counted[]> {
  return toCounted((await getJson("/api/pipelines", signal)).body);
}
