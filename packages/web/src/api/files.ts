import { isNotFound } from "./api-error";
import { getJson } from "./http";
import { apiModelPath } from "./model-path";
import { array, count, record, stringOrNull, strings } from "./parse";
import type { CardFacts, ModelCard, ModelFile } from "./types";

/** A file list row from the wire; rows without a path are dropped by the caller. */
function toModelFile(value: unknown): ModelFile {
  const row = record(value);
  return {
    path: stringOrNull(row.path) ?? "",
    size: count(row.size),
    sha256: stringOrNull(row.sha256) ?? "",
    updatedAt: stringOrNull(row.updatedAt),
    url: stringOrNull(row.url) ?? "",
  };
}

/** A front matter field that may be one string or a list of them (YAML allows both). */
function oneOrMany(value: unknown): string[] {
  return typeof value === "string" ? [value] : strings(value);
}

/** The front matter fields the page shows, whatever else the YAML holds. */
export function toCardFacts(value: unknown): CardFacts {
  const frontMatter = record(value);
  return {
    license: stringOrNull(frontMatter.license),
    datasets: oneOrMany(frontMatter.datasets),
    baseModels: oneOrMany(frontMatter.base_model),
  };
}

/** `GET /api/models/:ns/:name/files`: the model's files sorted by path; throws `ApiError` 404 for an unknown model. */
export async function getModelFiles(id: string, signal?: AbortSignal): Promise<ModelFile[]> {
  const { body } = await getJson(`${apiModelPath(id)}/files`, signal);
  return array(body)
    .map(toModelFile)
    .filter((file) => file.path !== "");
}

/**
 * `GET /api/models/:ns/:name/card`, or null when the model has no `README.md`: a model without a
 * card is an ordinary state, not an error (an unknown model is reported by the record request).
 */
export async function getModelCard(id: string, signal?: AbortSignal): Promise<ModelCard | null> {
  try {
    const { body } = await getJson(`${apiModelPath(id)}/card`, signal);
    const data = record(body);
    return { html: stringOrNull(data.html) ?? "", facts: toCardFacts(data.frontMatter) };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
