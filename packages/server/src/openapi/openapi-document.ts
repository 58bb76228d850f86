// The OpenAPI 3.1 document of the hub's API, built once from the same schemas the server validates with.
import { z } from "zod";
import { SESSION_COOKIE } from "../accounts/access-hooks.js";
import { SORT_KEY_NAMES } from "../store/sort-keys.js";
import { DEFAULT_LIMIT, MAX_FILTER_TAGS, MAX_LIMIT } from "../validation/list-query.js";
import { modelRecordSchema } from "../validation/model-record.js";
import { ACCOUNT_PATHS } from "./account-paths.js";
import { GIT_PATHS } from "./git-paths.js";
import { COUNTED_SCHEMA, ERROR_SCHEMA, LIBRARY_SCHEMA, MODEL_SUMMARY_SCHEMA } from "./json-schemas.js";
import { errors, ID_PARAMS, type Json, json, OPTIONAL_AUTH, query, SIGNED_IN } from "./openapi-parts.js";
import { REPOSITORY_PATHS } from "./repository-paths.js";
import { SNIPPET_PARAMETERS } from "./snippet-parameters.js";
import { WRITE_PATHS } from "./write-paths.js";

const MODEL = { $ref: "#/components/schemas/ModelRecord" };

/** The OpenAPI document of the API. */
export function openApiDocument(version: string): Json {
  return {
    openapi: "3.1.0",
    info: { title: "Modelhub API", version, description: "Models, their load and inference snippets." },
    components: {
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A user's access token (hf_…), or the bootstrap MODELHUB_ADMIN_TOKEN.",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The web app's session; writes with it also send its CSRF token in X-CSRF-Token.",
        },
      },
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
          ...SIGNED_IN,
          requestBody: { required: true, content: { "application/json": { schema: MODEL } } },
          responses: { 201: json(MODEL, "Created"), ...errors(400, 401, 409, 413, 415) },
        },
      },
      "/api/models/{namespace}/{name}": {
        parameters: ID_PARAMS,
        get: {
          summary: "A whole model record.",
          ...OPTIONAL_AUTH,
          responses: { 200: json(MODEL), ...errors(400, 404) },
        },
        put: {
          summary: "Replace a model record (the id may be left out of the body).",
          ...SIGNED_IN,
          requestBody: { required: true, content: { "application/json": { schema: MODEL } } },
          responses: { 200: json(MODEL), ...errors(400, 401, 404, 413, 415) },
        },
        delete: {
          summary: "Delete a model.",
          ...SIGNED_IN,
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
      ...WRITE_PATHS,
      ...ACCOUNT_PATHS,
      ...GIT_PATHS,
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
