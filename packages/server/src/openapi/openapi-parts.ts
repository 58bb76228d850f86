// The building blocks of the OpenAPI document: parameters, error answers, JSON bodies, the security of writes.
import { z } from "zod";
import { MAX_ID_PART_LENGTH } from "../validation/model-id.js";

/** A fragment of the OpenAPI document. */
export type Json = Record<string, unknown>;

/** An optional query parameter. */
export function query(name: string, description: string, schema: Json = { type: "string" }): Json {
  return { name, in: "query", required: false, description, schema };
}

/** A path parameter. */
export function pathParam(name: string, description: string): Json {
  return { name, in: "path", required: true, description, schema: { type: "string" } };
}

/** Error answers (a JSON `error`; repository routes add `X-Error-Code`) for these statuses. */
export function errors(...statuses: number[]): Json {
  const content = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  return Object.fromEntries(statuses.map((s) => [String(s), { description: "Error", content }]));
}

/** A JSON answer. */
export function json(schema: Json, description = "OK"): Json {
  return { description, content: { "application/json": { schema } } };
}

/** A JSON request body validated by `schema` (the same schema the route parses with). */
export function jsonBody(schema: z.ZodType): Json {
  return { required: true, content: { "application/json": { schema: z.toJSONSchema(schema, { io: "input" }) } } };
}

/** `{namespace}/{name}` of a model id. */
export const ID_PARAMS: Json[] = ["namespace", "name"].map((name) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string", maxLength: MAX_ID_PART_LENGTH, pattern: "^[A-Za-z0-9._-]+$" },
}));

/** A file path in a repository (slashes included). */
export const PATH_PARAM = pathParam("path", "File path in the repository.");

/** A branch, tag or commit id (URL-encoded). */
export const REVISION_PARAM = pathParam("revision", "Branch, tag or 40-hex commit id, URL-encoded (e.g. main).");

/** A route that needs a signed-in caller with the right role: an access token, or the admin token. */
export const SIGNED_IN = { security: [{ bearerToken: [] }, { sessionCookie: [] }] };

/** A route that reads a private model only with credentials; public models need none. */
export const OPTIONAL_AUTH = { security: [{}, { bearerToken: [] }, { sessionCookie: [] }] };
