import { getJson } from "./http";
import { array, record, stringOrNull } from "./parse";
import type { ProviderLabel } from "./types";

/** `GET /api/providers`: every provider the snippets can target, with its display name. */
export async function getProviders(signal?: AbortSignal): Promise<ProviderLabel[]> {
  const { body } = await getJson("/api/providers", signal);
  return array(body)
    .map((entry) => {
      const row = record(entry);
      const id = stringOrNull(row.id) ?? "";
      return { id, label: stringOrNull(row.label) ?? id };
    })
    .filter((provider) => provider.id !== "");
}
