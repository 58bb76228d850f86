// The write routes of the OpenAPI document: repository management and commits, in the shapes the Hugging Face
// clients send (create_repo, delete_repo, move_repo, update_repo_settings, create_commit, preupload).
import { MAX_COMMIT_BODY_BYTES, PREUPLOAD_BODY } from "../protocol/write/commit-routes.js";
import { REPO_MOVE_BODY } from "../protocol/write/move-route.js";
import {
  REPO_CREATE_BODY,
  REPO_DELETE_BODY,
  REPO_SETTINGS_BODY,
  VALIDATE_YAML_BODY,
} from "../protocol/write/repo-routes.js";
import { errors, ID_PARAMS, type Json, json, jsonBody, pathParam, SIGNED_IN } from "./openapi-parts.js";

const REV_PARAM = pathParam("rev", "The branch to commit to: main (this hub commits to main only).");

const URL_AND_ID = {
  type: "object",
  properties: { url: { type: "string" }, id: { type: "string" } },
  required: ["url"],
};

const SETTINGS = {
  put: {
    summary: "Make a model private or public (the namespace's admins).",
    ...SIGNED_IN,
    requestBody: jsonBody(REPO_SETTINGS_BODY),
    responses: {
      200: json({ type: "object", properties: { private: { type: "boolean" }, gated: { const: false } } }),
      ...errors(400, 401, 403, 404),
    },
  },
};

/** The write paths of the document. */
export const WRITE_PATHS: Record<string, Json> = {
  "/api/repos/create": {
    post: {
      summary: "Create a model repository (its first commit adds .gitattributes); 409 when the id is taken.",
      ...SIGNED_IN,
      requestBody: jsonBody(REPO_CREATE_BODY),
      responses: { 200: json(URL_AND_ID, "Created"), ...errors(400, 401, 403, 409) },
    },
  },
  "/api/repos/delete": {
    delete: {
      summary: "Delete a model with its repository and files (the namespace's admins).",
      ...SIGNED_IN,
      requestBody: jsonBody(REPO_DELETE_BODY),
      responses: { 200: json({ type: "object" }, "Deleted"), ...errors(400, 401, 403, 404) },
    },
  },
  "/api/repos/move": {
    post: {
      summary:
        "Rename a model (admin of the source namespace, write on the target's); the old id answers 307 redirects.",
      ...SIGNED_IN,
      requestBody: jsonBody(REPO_MOVE_BODY),
      responses: { 200: json(URL_AND_ID, "Moved"), ...errors(400, 401, 403, 404, 409) },
    },
  },
  "/api/repos/models/{namespace}/{name}/settings": { parameters: ID_PARAMS, ...SETTINGS },
  "/api/models/{namespace}/{name}/settings": { parameters: ID_PARAMS, ...SETTINGS },
  "/api/models/{namespace}/{name}/preupload/{rev}": {
    parameters: [...ID_PARAMS, REV_PARAM],
    post: {
      summary: "How each file is to be uploaded (lfs or regular) and which the hub already has (their oid).",
      ...SIGNED_IN,
      requestBody: jsonBody(PREUPLOAD_BODY),
      responses: {
        200: json({
          type: "object",
          properties: {
            files: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  path: { type: "string" },
                  uploadMode: { type: "string", enum: ["lfs", "regular"] },
                  shouldIgnore: { type: "boolean" },
                  oid: { type: "string" },
                },
                required: ["path", "uploadMode", "shouldIgnore"],
              },
            },
          },
          required: ["files"],
        }),
        ...errors(400, 401, 403, 404),
      },
    },
  },
  "/api/models/{namespace}/{name}/commit/{rev}": {
    parameters: [...ID_PARAMS, REV_PARAM],
    post: {
      summary:
        "One commit of several operations, as NDJSON lines {key, value}: a header (summary, description, " +
        "parentCommit), then file (base64 content), lfsFile (an object uploaded through the LFS batch API), " +
        `deletedFile and deletedFolder. At most ${MAX_COMMIT_BODY_BYTES / 1024 / 1024} MiB; all or nothing.`,
      ...SIGNED_IN,
      requestBody: {
        required: true,
        content: { "application/x-ndjson": { schema: { type: "string" } } },
      },
      responses: {
        200: json({
          type: "object",
          properties: {
            success: { type: "boolean" },
            commitOid: { type: "string" },
            commitUrl: { type: "string" },
            pullRequestUrl: { type: "null" },
            hookOutput: { type: "string" },
          },
          required: ["success", "commitOid", "commitUrl"],
        }),
        ...errors(400, 401, 403, 404, 409, 413, 507),
      },
    },
  },
  "/api/validate-yaml": {
    post: {
      summary: "Checks a model card's YAML front matter as a commit would.",
      requestBody: jsonBody(VALIDATE_YAML_BODY),
      responses: {
        200: json({ type: "object", properties: { errors: { type: "array" }, warnings: { type: "array" } } }),
        ...errors(400),
      },
    },
  },
};
