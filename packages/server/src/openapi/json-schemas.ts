// JSON Schemas of the responses: Fastify serializes with them and the OpenAPI document publishes them.

/** One row of `GET /api/models`. */
export const MODEL_SUMMARY_SCHEMA = {
  type: "object",
  properties: {
    _id: { type: "string" },
    id: { type: "string" },
    author: { type: "string" },
    library_name: { type: ["string", "null"] },
    pipeline_tag: { type: ["string", "null"] },
    tags: { type: "array", items: { type: "string" } },
    downloads: { type: "integer" },
    likes: { type: "integer" },
    lastModified: { type: "string", format: "date-time" },
  },
  required: ["id", "author", "library_name", "pipeline_tag", "tags", "downloads", "likes", "lastModified"],
} as const;

/** A value with its number of models. */
export const COUNTED_SCHEMA = {
  type: "object",
  properties: { id: { type: "string" }, count: { type: "integer" } },
  required: ["id", "count"],
} as const;

/** A library of the registry with its number of models. */
export const LIBRARY_SCHEMA = {
  type: "object",
  properties: {
    key: { type: "string" },
    prettyLabel: { type: "string" },
    repoName: { type: "string" },
    repoUrl: { type: "string" },
    docsUrl: { type: ["string", "null"] },
    filter: { type: "boolean" },
    countDownloads: { type: ["string", "null"] },
    hasSnippets: { type: "boolean" },
    count: { type: "integer" },
  },
  required: [
    "key",
    "prettyLabel",
    "repoName",
    "repoUrl",
    "docsUrl",
    "filter",
    "countDownloads",
    "hasSnippets",
    "count",
  ],
} as const;

/** Every error body. */
export const ERROR_SCHEMA = {
  type: "object",
  properties: { error: { type: "string" } },
  required: ["error"],
} as const;
