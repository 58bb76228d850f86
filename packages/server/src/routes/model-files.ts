// Repository files over HTTP: upload and delete (write role on the namespace), and the file list of a model.
import { ggufFileQuant } from "@modelhub/snippets";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HubError } from "../errors.js";
import type { FileService } from "../files/file-service.js";
import type { RepoFile } from "../files/repo-file.js";
import { resolveUrl } from "../files/resolve-url.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { expectNoQuery } from "../validation/no-query.js";

/** What the file routes need. */
export interface FileRouteDeps {
  /** The file operations. */
  files: FileService;
}

/** One entry of `GET /api/models/:namespace/:name/files`. */
export interface FileListEntry {
  /** Path inside the repository. */
  path: string;
  /** Size in bytes. */
  size: number;
  /** sha256 of the content (the ETag of the download). */
  sha256: string;
  /** ISO date of the upload. */
  updatedAt: string;
  /** Where to download it: `/namespace/name/resolve/main/<path>`. */
  url: string;
  /** For a GGUF model file whose name carries one: its quant label, e.g. `Q4_K_M` (shards share their quant's). */
  quant?: string;
}

function listEntry(modelId: string, file: RepoFile): FileListEntry {
  const quant = ggufFileQuant(file.path);
  return {
    path: file.path,
    size: file.size,
    sha256: file.sha256,
    updatedAt: file.updatedAt,
    url: resolveUrl(modelId, file.path),
    ...(quant ? { quant } : {}),
  };
}

type FileParams = ModelIdParams & { "*": string };

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers["content-length"];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

// Aborts when the client goes away before the whole body arrived, so the staged upload is dropped at once.
function abortOnDisconnect(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete) controller.abort(new HubError("bad_request", "upload aborted by the client"));
  });
  return controller.signal;
}

/** Registers `PUT`/`DELETE /api/models/:namespace/:name/files/*` and `GET /api/models/:namespace/:name/files`. */
export async function registerFileRoutes(app: FastifyInstance, deps: FileRouteDeps): Promise<void> {
  // The access hook checks the caller's role on the model's namespace before the body is read.
  const write = { config: { access: "write" as const } };

  app.get<{ Params: ModelIdParams }>("/api/models/:namespace/:name/files", async (request) => {
    const id = modelIdFromParams(request.params);
    expectNoQuery(request.query);
    return (await deps.files.list(id)).map((file) => listEntry(id, file));
  });

  app.delete<{ Params: FileParams }>("/api/models/:namespace/:name/files/*", write, async (request, reply) => {
    const id = modelIdFromParams(request.params);
    expectNoQuery(request.query);
    await deps.files.remove(id, request.params["*"]);
    return reply.status(204).send();
  });

  // Uploads are streamed to disk: in this scope no parser reads the body, whatever its content type.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.put<{ Params: FileParams }>("/api/models/:namespace/:name/files/*", write, async (request, reply) => {
      const id = modelIdFromParams(request.params);
      expectNoQuery(request.query);
      const length = declaredLength(request);
      try {
        const { file, replaced } = await deps.files.upload(id, request.params["*"], request.raw, {
          signal: abortOnDisconnect(request),
          ...(length === undefined ? {} : { declaredLength: length }),
        });
        return reply.status(replaced ? 200 : 201).send(listEntry(id, file));
      } catch (error) {
        // A refused upload's unread body is not worth receiving: the connection closes after the error.
        if (!request.raw.complete) reply.header("connection", "close");
        throw error;
      }
    });
  });
}
