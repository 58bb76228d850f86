// The git routes of the OpenAPI document: git's smart HTTP (through `git http-backend`) and the Git LFS API, at
// `/{namespace}/{name}` and `/{namespace}/{name}.git`. git and git-lfs speak them; they are listed for proxies and
// for readers of the API, not for hand-written clients.
import { errors, ID_PARAMS, type Json, OPTIONAL_AUTH, pathParam, query, SIGNED_IN } from "./openapi-parts.js";

const LFS_JSON = "application/vnd.git-lfs+json";
const OID_PARAM = pathParam("oid", "The object's sha256.");
const SIGNED_URL = [
  query("expires", "Expiry of a signed link from the batch answer."),
  query("signature", "Its HMAC."),
];

function gitService(service: string, summary: string, auth: Json): Json {
  return {
    parameters: ID_PARAMS,
    post: {
      summary,
      ...auth,
      requestBody: {
        required: true,
        content: { [`application/x-${service}-request`]: { schema: { type: "string", format: "binary" } } },
      },
      responses: { 200: { description: `application/x-${service}-result` }, ...errors(401, 403, 404, 415) },
    },
  };
}

/** The git paths of the document. */
export const GIT_PATHS: Record<string, Json> = {
  "/{namespace}/{name}/info/refs": {
    parameters: ID_PARAMS,
    get: {
      summary: "git's ref advertisement (clone, fetch, push).",
      ...OPTIONAL_AUTH,
      parameters: [
        {
          ...query("service", "The git service.", { type: "string", enum: ["git-upload-pack", "git-receive-pack"] }),
          required: true,
        },
      ],
      responses: { 200: { description: "pkt-line advertisement" }, ...errors(400, 401, 403, 404) },
    },
  },
  "/{namespace}/{name}/git-upload-pack": gitService("git-upload-pack", "Fetch (clone, pull).", OPTIONAL_AUTH),
  "/{namespace}/{name}/git-receive-pack": gitService(
    "git-receive-pack",
    "Push to main (write access; LFS pointers must name objects uploaded to this repository).",
    SIGNED_IN,
  ),
  "/{namespace}/{name}/info/lfs/objects/batch": {
    parameters: ID_PARAMS,
    post: {
      summary: "Git LFS batch API: download and upload actions with signed links to the hub's blob store.",
      ...OPTIONAL_AUTH,
      requestBody: { required: true, content: { [LFS_JSON]: { schema: { type: "object", required: ["operation"] } } } },
      responses: {
        200: { description: "Actions per object", content: { [LFS_JSON]: { schema: { type: "object" } } } },
        ...errors(400, 401, 403, 404),
      },
    },
  },
  "/{namespace}/{name}/info/lfs/objects/{oid}": {
    parameters: [...ID_PARAMS, OID_PARAM],
    get: {
      summary: "Download an LFS object (the batch answer's link; Range supported). Counts like resolve.",
      parameters: SIGNED_URL,
      responses: { 200: { description: "The object" }, 206: { description: "A range" }, ...errors(401, 404) },
    },
    put: {
      summary: "Upload an LFS object (the batch answer's link); its sha256 and size are checked.",
      parameters: SIGNED_URL,
      requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string" } } } },
      responses: { 200: { description: "Stored" }, ...errors(400, 401, 413, 507) },
    },
  },
  "/{namespace}/{name}/info/lfs/objects/{oid}/verify": {
    parameters: [...ID_PARAMS, OID_PARAM],
    post: {
      summary: "Confirms an uploaded object (the batch answer's verify action).",
      parameters: SIGNED_URL,
      responses: { 200: { description: "Present" }, ...errors(400, 401, 404) },
    },
  },
};
