// The repository routes of the OpenAPI document: what the Hugging Face clients read (record at a revision, tree,
// paths-info, refs, commits, compare, resolve, raw) and the hub's own file routes.
import { MAX_PATHS } from "../protocol/paths-info-body.js";
import {
  errors,
  ID_PARAMS,
  type Json,
  json,
  OPTIONAL_AUTH,
  PATH_PARAM,
  query,
  REVISION_PARAM,
  SIGNED_IN,
} from "./openapi-parts.js";

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

const LAST_COMMIT = {
  type: "object",
  properties: { id: { type: "string" }, title: { type: "string" }, date: { type: "string", format: "date-time" } },
};

const TREE_ENTRY = {
  type: "object",
  properties: {
    type: { type: "string", enum: ["file", "directory"] },
    oid: { type: "string", description: "The git blob (or tree) id." },
    size: { type: "integer" },
    path: { type: "string" },
    lfs: {
      type: "object",
      properties: { oid: { type: "string" }, size: { type: "integer" }, pointerSize: { type: "integer" } },
      description: "LFS files: the sha256 and size of the content, and the pointer's size.",
    },
    lastCommit: { ...LAST_COMMIT, description: "With expand: the last commit that changed the entry." },
    securityFileStatus: { type: "object", description: "With expand: the file's scan status." },
  },
  required: ["type", "oid", "size", "path"],
};

const REF = {
  type: "object",
  properties: { name: { type: "string" }, ref: { type: "string" }, targetCommit: { type: "string" } },
  required: ["name", "ref", "targetCommit"],
};

/** A record in the field's shape (`_id`, `id`, `sha`, `siblings`, `cardData`, …). */
const MODEL_INFO = {
  type: "object",
  properties: {
    _id: { type: "string" },
    id: { type: "string" },
    sha: { type: "string", description: "The commit id of the revision." },
    private: { type: "boolean" },
    gated: { type: ["boolean", "string"] },
    disabled: { type: "boolean" },
    lastModified: { type: "string", format: "date-time" },
    createdAt: { type: "string", format: "date-time" },
    cardData: { type: "object" },
    siblings: {
      type: "array",
      items: {
        type: "object",
        properties: {
          rfilename: { type: "string" },
          size: { type: "integer" },
          blobId: { type: "string" },
          lfs: { type: "object" },
        },
        required: ["rfilename"],
      },
    },
    tags: { type: "array", items: { type: "string" } },
    pipeline_tag: { type: ["string", "null"] },
    library_name: { type: ["string", "null"] },
    downloads: { type: "integer" },
    likes: { type: "integer" },
  },
  required: ["_id", "id", "private"],
};

const NOT_FOUND_CODES =
  "404 answers carry `X-Error-Code`: RepoNotFound, RevisionNotFound or EntryNotFound (what the clients test).";

const FILE_HEADERS =
  "`X-Repo-Commit` (the revision's commit), `ETag` (LFS files: the sha256; others: the git blob id), " +
  "`X-Linked-Etag` and `X-Linked-Size` for LFS files, `Content-Length`, `Accept-Ranges`.";

const FILE_ANSWERS = {
  200: { description: "The file" },
  206: { description: "The requested range" },
  304: { description: "Not modified (If-None-Match)" },
  416: { description: "Range not satisfiable" },
  ...errors(400, 404),
};

const TREE = {
  summary: `Entries of a folder at a revision, paged with Link: rel="next". ${NOT_FOUND_CODES}`,
  ...OPTIONAL_AUTH,
  parameters: [
    query("recursive", "true: every entry below the folder.", { type: "boolean" }),
    query("expand", "true: each entry's last commit and security status (smaller pages).", { type: "boolean" }),
    query("cursor", "Opaque cursor from a Link header."),
  ],
  responses: { 200: json({ type: "array", items: TREE_ENTRY }), ...errors(400, 404) },
};

/** The repository paths of the document. */
export const REPOSITORY_PATHS: Record<string, Json> = {
  "/api/models/{namespace}/{name}/revision/{revision}": {
    parameters: [...ID_PARAMS, REVISION_PARAM],
    get: {
      summary: `The record at a revision, in the field's shape. ${NOT_FOUND_CODES}`,
      ...OPTIONAL_AUTH,
      parameters: [
        query("blobs", "true: siblings with size, blobId and lfs.", { type: "boolean" }),
        query("expand", "Fields to add (repeatable; unknown values are ignored)."),
        query("securityStatus", "Accepted for the clients; files are listed as unscanned.", { type: "boolean" }),
      ],
      responses: { 200: json(MODEL_INFO), ...errors(400, 404) },
    },
  },
  "/api/models/{namespace}/{name}/tree/{revision}": { parameters: [...ID_PARAMS, REVISION_PARAM], get: TREE },
  "/api/models/{namespace}/{name}/tree/{revision}/{path}": {
    parameters: [...ID_PARAMS, REVISION_PARAM, { ...PATH_PARAM, description: "A folder." }],
    get: TREE,
  },
  "/api/models/{namespace}/{name}/paths-info/{revision}": {
    parameters: [...ID_PARAMS, REVISION_PARAM],
    post: {
      summary: "The entries of the given paths at a revision; paths that do not exist are left out.",
      ...OPTIONAL_AUTH,
      requestBody: {
        required: true,
        content: Object.fromEntries(
          ["application/json", "application/x-www-form-urlencoded"].map((type) => [
            type,
            {
              schema: {
                type: "object",
                properties: {
                  paths: { type: "array", items: { type: "string" }, minItems: 1, maxItems: MAX_PATHS },
                  expand: { type: "boolean" },
                },
                required: ["paths"],
              },
            },
          ]),
        ),
      },
      responses: { 200: json({ type: "array", items: TREE_ENTRY }), ...errors(400, 404, 413) },
    },
  },
  "/api/models/{namespace}/{name}/refs": {
    parameters: ID_PARAMS,
    get: {
      summary: "Branches and tags with their commits.",
      ...OPTIONAL_AUTH,
      parameters: [query("include_prs", "Accepted for the clients (this hub has no pull requests).")],
      responses: {
        200: json({
          type: "object",
          properties: {
            branches: { type: "array", items: REF },
            tags: { type: "array", items: REF },
            converts: { type: "array" },
            pullRequests: { type: "array" },
          },
          required: ["branches", "tags"],
        }),
        ...errors(400, 404),
      },
    },
  },
  "/api/models/{namespace}/{name}/commits/{revision}": {
    parameters: [...ID_PARAMS, REVISION_PARAM],
    get: {
      summary: 'History from a revision, newest first; `X-Total-Count`, next page in Link: rel="next".',
      ...OPTIONAL_AUTH,
      parameters: [
        query("p", "Page number, from 0.", { type: "integer", minimum: 0 }),
        query("limit", "Page size.", { type: "integer", minimum: 1, maximum: 1000 }),
      ],
      responses: {
        200: json({
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "string" },
              authors: { type: "array", items: { type: "object", properties: { user: { type: "string" } } } },
              date: { type: "string", format: "date-time" },
              title: { type: "string" },
              message: { type: "string" },
            },
            required: ["id", "authors", "date", "title", "message"],
          },
        }),
        ...errors(400, 404),
      },
    },
  },
  "/api/models/{namespace}/{name}/compare/{range}": {
    parameters: [
      ...ID_PARAMS,
      { name: "range", in: "path", required: true, description: "{revision}..{revision}", schema: { type: "string" } },
    ],
    get: {
      summary: "What changed between two revisions, as git's diff (LFS files as their pointers).",
      ...OPTIONAL_AUTH,
      responses: {
        200: { description: "The diff", content: { "text/plain": { schema: { type: "string" } } } },
        ...errors(400, 404),
      },
    },
  },
  "/api/models/{namespace}/{name}/files": {
    parameters: ID_PARAMS,
    get: {
      summary: "The model's files on main, sorted by path.",
      ...OPTIONAL_AUTH,
      responses: { 200: json({ type: "array", items: FILE_ENTRY }), ...errors(400, 404) },
    },
  },
  "/api/models/{namespace}/{name}/files/{path}": {
    parameters: [...ID_PARAMS, PATH_PARAM],
    put: {
      summary: "Upload a file (raw body, streamed; one commit on main). README.md and config.json update the record.",
      ...SIGNED_IN,
      requestBody: {
        required: true,
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      },
      responses: {
        200: json(FILE_ENTRY, "Replaced"),
        201: json(FILE_ENTRY, "Created"),
        ...errors(400, 401, 403, 404, 413, 507),
      },
    },
    delete: {
      summary: "Delete a file (one commit on main).",
      ...SIGNED_IN,
      responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404) },
    },
  },
  "/api/models/{namespace}/{name}/card": {
    parameters: ID_PARAMS,
    get: {
      summary:
        "README.md rendered to sanitized HTML, with its YAML front matter (rendered when committed, served from " +
        "storage; `rendered: false` with a notice in `html` when it is too large to render).",
      ...OPTIONAL_AUTH,
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
  "/{namespace}/{name}/resolve/{revision}/{path}": {
    parameters: [...ID_PARAMS, REVISION_PARAM, PATH_PARAM],
    get: {
      summary:
        `Download a file at a revision (Range, If-None-Match). Headers: ${FILE_HEADERS} Counts a download when ` +
        `the library's countDownloads query matches. ${NOT_FOUND_CODES}`,
      ...OPTIONAL_AUTH,
      responses: FILE_ANSWERS,
    },
    head: {
      summary: "A file's headers; counts like GET.",
      ...OPTIONAL_AUTH,
      responses: { 200: { description: "Headers only" }, ...errors(400, 404) },
    },
  },
  "/{namespace}/{name}/raw/{revision}/{path}": {
    parameters: [...ID_PARAMS, REVISION_PARAM, PATH_PARAM],
    get: {
      summary: "A file as git stores it: the LFS pointer for LFS files, the content otherwise. Not counted.",
      ...OPTIONAL_AUTH,
      responses: FILE_ANSWERS,
    },
    head: { summary: "Its headers.", ...OPTIONAL_AUTH, responses: { 200: { description: "Headers only" } } },
  },
};
