// The OpenAPI 3.1 document of the hub's API, built once from the same schemas the server validates with.
import { z } from "zod";
import { SORT_KEY_NAMES } from "../store/sort-keys.js";
import { DEFAULT_LIMIT, MAX_FILTER_TAGS, MAX_LIMIT } from "../validation/list-query.js";
import { MAX_ID_PART_LENGTH } from "../validation/model-id.js";
import { modelRecordSchema } from "../validation/model-record.js";
import { COUNTED_SCHEMA, ERROR_SCHEMA, LIBRARY_SCHEMA, MODEL_SUMMARY_SCHEMA } from "./json-schemas.js";
import { SNIPPET_PARAMETERS } from "./snippet-parameters.js";

type Json = Record<string, unknown>;

function query(name: string, description: string, schema: Json = { type: "string" }): Json {
  return { name, in: "query", required: false, description, schema };
}

function errors(...statuses: number[]): Json {
  const content = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  return Object.fromEntries(statuses.map((s) => [String(s), { description: "Error", content }]));
}

function json(schema: Json, description = "OK"): Json {
  return { description, content: { "application/json": { schema } } };
}

const ID_PARAMS = ["namespace", "name"].map((name) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string", maxLength: MAX_ID_PART_LENGTH, pattern: "^[A-Za-z0-9._-]+$" },
}));

const MODEL = { $ref: "#/components/schemas/ModelRecord" };
const WRITE = { security: [{ adminToken: [] }] };

const PATH_PARAM = {
  name: "path",
  in: "path",
  required: true,
  description: "File path in the repository.",
  schema: { type: "string" },
};
const FILE_ENTRY = {
  type: "object",
  properties: {
    path: { type: "string" },
    size: { type: "integer" },
    sha256: { type: "string" },
    updatedAt: { type: "string", format: "date-time" },
    url: { type: "string", description: "Download path: /{namespace}/{name}/resolve/main/{path}" },
    quant: { type: "string", description: "GGUF files: the quant label the name carries, e.g. Q4_K_M." },
  },
  required: ["path", "size", "sha256", "updatedAt", "url"],
};

// Model repositories: files, the rendered card, and downloads (counted per the library's countDownloads query).
const REPOSITORY_PATHS = {
  "/api/models/{namespace}/{name}/files": {
    parameters: ID_PARAMS,
    get: {
      summary: "The model's files, sorted by path.",
      responses: { 200: json({ type: "array", items: FILE_ENTRY }), ...errors(400, 404) },
    },
  },
  "/api/models/{namespace}/{name}/files/{path}": {
    parameters: [...ID_PARAMS, PATH_PARAM],
    put: {
      summary: "Upload a file (raw body, streamed; atomic). README.md and config.json also update the record.",
      ...WRITE,
      requestBody: {
        required: true,
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      },
      responses: { 200: json(FILE_ENTRY, "Replaced"), 201: json(FILE_ENTRY, "Created"), ...errors(400, 401, 404, 413) },
    },
    delete: {
      summary: "Delete a file.",
      ...WRITE,
      responses: { 204: { description: "Deleted" }, ...errors(400, 401, 404) },
    },
  },
  "/api/models/{namespace}/{name}/card": {
    parameters: ID_PARAMS,
    get: {
      summary:
        "README.md rendered to sanitized HTML, with its YAML front matter (rendered when committed, served from " +
        "storage; `rendered: false` with a notice in `html` when it is too large to render).",
      responses: {
        200: json({
          type: "object",
          properties: {
            html: { type: "string" },
            frontMatter: { type: "object" },
            sha256: { type: "string" },
            rendered: { type: "boolean" },
          },
          required: ["html", "frontMatter", "sha256", "rendered"],
        }),
        ...errors(400, 404),
      },
    },
  },
  "/{namespace}/{name}/resolve/main/{path}": {
    parameters: [...ID_PARAMS, PATH_PARAM],
    get: {
      summary:
        "Download a file (ETag = sha256, Range, If-None-Match). Counts a download when the library's query matches.",
      responses: {
        200: { description: "The file" },
        206: { description: "The requested range" },
        304: { description: "Not modified" },
        416: { description: "Range not satisfiable" },
        ...errors(400, 404),
      },
    },
    head: { summary: "A file's headers; counts like GET.", responses: { 200: { description: "Headers only" } } },
  },
};

/** The OpenAPI document of the API. */
export function openApiDocument(version: string): Json {
  return {
    openapi: "3.1.0",
    info: { title: "Modelhub API", version, description: "Models, their load and inference snippets." },
    components: {
      securitySchemes: { adminToken: { type: "http", scheme: "bearer", description: "MODELHUB_ADMIN_TOKEN" } },
      schemas: {
        ModelRecord: z.toJSONSchema(modelRecordSchema, { unrepresentable: "any" }),
        ModelSummary: MODEL_SUMMARY_SCHEMA,
        Library: LIBRARY_SCHEMA,
        Counted: COUNTED_SCHEMA,
        Error: ERROR_SCHEMA,
      },
    },
    paths: {
      "/api/models": {
        get: {
          summary: "List models; the next and previous pages are in the Link header (rel=next, rel=prev).",
          parameters: [
            query("search", "Case-insensitive substring of the id, or words of the model card (id matches first)."),
            query("author", "Namespace."),
            query("library", "Library name, e.g. transformers."),
            query("pipeline_tag", "Task, e.g. text-generation."),
            query("filter", `Tags, comma-separated (at most ${MAX_FILTER_TAGS}); all must match.`),
            query("sort", "Sort order.", { type: "string", enum: SORT_KEY_NAMES, default: "downloads" }),
            query("direction", "-1 largest first, 1 smallest first.", { type: "string", enum: ["-1", "1"] }),
            query("limit", "Page size.", { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
            query("cursor", "Opaque cursor from a Link header."),
          ],
          responses: {
            200: json({ type: "array", items: { $ref: "#/components/schemas/ModelSummary" } }),
            ...errors(400),
          },
        },
        post: {
          summary: "Create a model.",
          ...WRITE,
          requestBody: { required: true, content: { "application/json": { schema: MODEL } } },
          responses: { 201: json(MODEL, "Created"), ...errors(400, 401, 409, 413, 415) },
        },
      },
      "/api/models/{namespace}/{name}": {
        parameters: ID_PARAMS,
        get: { summary: "A whole model record.", responses: { 200: json(MODEL), ...errors(400, 404) } },
        put: {
          summary: "Replace a model record (the id may be left out of the body).",
          ...WRITE,
          requestBody: { required: true, content: { "application/json": { schema: MODEL } } },
          responses: { 200: json(MODEL), ...errors(400, 401, 404, 413, 415) },
        },
        delete: {
          summary: "Delete a model.",
          ...WRITE,
          responses: { 204: { description: "Deleted" }, ...errors(401, 404) },
        },
      },
      "/api/models/{namespace}/{name}/snippets": {
        parameters: ID_PARAMS,
        get: {
          summary: "Library load snippets and inference snippets of the model.",
          parameters: SNIPPET_PARAMETERS,
          responses: {
            200: json({
              type: "object",
              properties: {
                libraries: { type: "array", items: { type: "object" } },
                inference: { type: "array", items: { type: "object" } },
                inferenceInfo: { type: "object" },
              },
              required: ["libraries", "inference", "inferenceInfo"],
            }),
            ...errors(400, 404),
          },
        },
      },
      "/api/models/{namespace}/{name}/local-apps": {
        parameters: ID_PARAMS,
        get: {
          summary: "Local apps that run the model, with commands pointed at this hub, for a GGUF quant.",
          parameters: [query("quant", "Quant label; the nearest one the model has is used (default Q4_K_M).")],
          responses: {
            200: json({
              type: "object",
              properties: {
                quants: { type: "array", items: { type: "object" } },
                quant: { type: ["string", "null"] },
                hubUrl: { type: "string" },
                apps: { type: "array", items: { type: "object" } },
              },
              required: ["quants", "quant", "hubUrl", "apps"],
            }),
            ...errors(400, 404),
          },
        },
      },
      "/api/models/{namespace}/{name}/notebook.ipynb": {
        parameters: ID_PARAMS,
        get: {
          summary: "A Jupyter notebook (nbformat 4) that installs, loads and, with a provider, calls the model.",
          responses: {
            200: {
              description: "The notebook",
              content: { "application/x-ipynb+json": { schema: { type: "object" } } },
            },
            ...errors(400, 404),
          },
        },
      },
      ...REPOSITORY_PATHS,
      "/api/libraries": {
        get: {
          summary: "The library registry with model counts.",
          parameters: [query("filter", "true: only libraries offered as filters.", { type: "boolean" })],
          responses: { 200: json({ type: "array", items: { $ref: "#/components/schemas/Library" } }), ...errors(400) },
        },
      },
      "/api/model-facets": {
        get: {
          summary:
            "Total (exact up to 10,000) and facet counts of a filtered list, each facet under the other filters.",
          parameters: [
            query("search", "As for /api/models."),
            query("author", "As for /api/models."),
            query("library", "As for /api/models."),
            query("pipeline_tag", "As for /api/models."),
            query("filter", "As for /api/models."),
            query("tags_limit", "Tags counted.", { type: "integer", minimum: 1, maximum: 200, default: 30 }),
          ],
          responses: {
            200: json({
              type: "object",
              properties: {
                total: {
                  type: "object",
                  properties: { count: { type: "integer" }, exact: { type: "boolean" } },
                  required: ["count", "exact"],
                },
                libraries: { type: "array", items: { $ref: "#/components/schemas/Counted" } },
                pipelines: { type: "array", items: { $ref: "#/components/schemas/Counted" } },
                tags: { type: "array", items: { $ref: "#/components/schemas/Counted" } },
              },
              required: ["total", "libraries", "pipelines", "tags"],
            }),
            ...errors(400),
          },
        },
      },
      "/api/pipelines": {
        get: {
          summary: "Tasks with model counts.",
          responses: { 200: json({ type: "array", items: { $ref: "#/components/schemas/Counted" } }) },
        },
      },
      "/api/tags": {
        get: {
          summary: "The most used tags.",
          parameters: [query("limit", "How many.", { type: "integer", minimum: 1, maximum: 1000, default: 100 })],
          responses: { 200: json({ type: "array", items: { $ref: "#/components/schemas/Counted" } }), ...errors(400) },
        },
      },
      "/api/providers": {
        get: { summary: "Inference providers the snippets know.", responses: { 200: json({ type: "array" }) } },
      },
      "/api/openapi.json": { get: { summary: "This document.", responses: { 200: json({ type: "object" }) } } },
    },
  };
}
