import { getJson, withQuery } from "./http";
import { linkCursor, nextCursor } from "./link-header";
import { apiModelPath } from "./model-path";
import { array, count, record, stringOrNull, strings } from "./parse";
import type { Counted, ModelDetail, ModelFacets, ModelPage, ModelSummary, ProviderMapping } from "./types";

/** The sort orders of the model list. */
export type ModelSort = "downloads" | "likes" | "lastModified";

/** Filters and position of a model list request. */
export interface ModelQuery {
  /** Free-text search in the model id. */
  search?: string;
  /** Library key. */
  library?: string;
  /** Task. */
  pipeline_tag?: string;
  /** Tags that must all be present. */
  tags?: string[];
  /** Sort order; most first. */
  sort?: ModelSort;
  /** Page cursor from a previous page. */
  cursor?: string;
  /** Page size. */
  limit?: number;
}

/** A model list row from the wire. */
export function toModelSummary(value: unknown): ModelSummary {
  const row = record(value);
  return {
    id: stringOrNull(row.id) ?? "",
    author: stringOrNull(row.author),
    library_name: stringOrNull(row.library_name),
    pipeline_tag: stringOrNull(row.pipeline_tag),
    tags: strings(row.tags),
    downloads: count(row.downloads),
    likes: count(row.likes),
    lastModified: stringOrNull(row.lastModified),
  };
}

/** The provider mapping of a model record, keeping only well-formed entries. */
function toProviderMapping(value: unknown): Record<string, ProviderMapping> {
  const mapping: Record<string, ProviderMapping> = {};
  for (const [provider, raw] of Object.entries(record(value))) {
    const entry = record(raw);
    mapping[provider] = {
      providerId: stringOrNull(entry.providerId) ?? "",
      task: stringOrNull(entry.task) ?? "",
      status: stringOrNull(entry.status) ?? "",
    };
  }
  return mapping;
}

// The filter parameters shared by the list and its facets.
function filterParams(query: ModelQuery): Record<string, string | undefined> {
  return {
    search: query.search,
    library: query.library,
    pipeline_tag: query.pipeline_tag,
    filter: query.tags && query.tags.length > 0 ? query.tags.join(",") : undefined,
  };
}

/** One page of `GET /api/models`. */
export async function listModels(query: ModelQuery, signal?: AbortSignal): Promise<ModelPage> {
  const url = withQuery("/api/models", {
    ...filterParams(query),
    sort: query.sort,
    cursor: query.cursor,
    limit: query.limit === undefined ? undefined : String(query.limit),
  });
  const { body, headers } = await getJson(url, signal);
  const link = headers.get("link");
  return {
    items: Array.isArray(body) ? body.map(toModelSummary).filter((model) => model.id !== "") : [],
    nextCursor: nextCursor(link),
    prevCursor: linkCursor(link, "prev"),
  };
}

function toCountedRows(value: unknown): Counted[] {
  return array(value)
    .map((entry) => ({ id: stringOrNull(record(entry).id) ?? "", count: count(record(entry).count) }))
    .filter((row) => row.id !== "");
}

/** `GET /api/model-facets`: the total and facet counts of the list's filters. */
export async function getModelFacets(query: ModelQuery, tagLimit: number, signal?: AbortSignal): Promise<ModelFacets> {
  const url = withQuery("/api/model-facets", { ...filterParams(query), tags_limit: String(tagLimit) });
  const body = record((await getJson(url, signal)).body);
  const total = record(body.total);
  return {
    total: { count: count(total.count), exact: total.exact !== false },
    libraries: toCountedRows(body.libraries),
    pipelines: toCountedRows(body.pipelines),
    tags: toCountedRows(body.tags),
  };
}

/** `GET /api/models/:ns/:name`; throws `ApiError` 404 for an unknown model. */
export async function getModel(id: string, signal?: AbortSignal): Promise<ModelDetail> {
  const { body } = await getJson(apiModelPath(id), signal);
  return {
    ...toModelSummary(body),
    inferenceProviderMapping: toProviderMapping(record(body).inferenceProviderMapping),
    hasCard: array(record(body).siblings).some((sibling) => record(sibling).rfilename === "README.md"),
  };
}
