// `GET`/`HEAD /:namespace/:name/resolve/main/*`: a repository file with its ETag, ranges and conditional
// requests. A fetch that the model's library counts (countDownloads, or the default list) adds one download,
// recorded in memory: the response never waits for the count.
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../blobs/blob-store.js";
import type { DownloadCounter } from "../downloads/download-counter.js";
import type { DownloadRules } from "../downloads/download-rules.js";
import { HubError } from "../errors.js";
import { answerFileRequest } from "../files/file-response.js";
import type { FileService } from "../files/file-service.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";

/** What the resolve route needs. */
export interface ResolveRouteDeps {
  /** Finds the file. */
  files: FileService;
  /** Reads its bytes. */
  blobs: BlobStore;
  /** Decides whether a fetch counts. */
  rules: DownloadRules;
  /** Counts it. */
  counter: DownloadCounter;
}

/** The only revision the hub keeps. */
export const MAIN_REVISION = "main";

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Registers the file download route. */
export function registerResolveRoute(app: FastifyInstance, deps: ResolveRouteDeps): void {
  app.route<{ Params: ModelIdParams & { "*": string } }>({
    method: ["GET", "HEAD"],
    url: `/:namespace/:name/resolve/${MAIN_REVISION}/*`,
    handler: async (request, reply) => {
      const id = modelIdFromParams(request.params);
      const { file, libraryName } = await deps.files.open(id, request.params["*"]);
      const answer = answerFileRequest(file.path, file, {
        range: header(request.headers.range),
        ifNoneMatch: header(request.headers["if-none-match"]),
        ifRange: header(request.headers["if-range"]),
      });
      reply.status(answer.status).headers(answer.headers);
      if (answer.status === 416) {
        return reply.send(); // `Content-Range: bytes */size` says what the client needs to know.
      }
      if (deps.rules.counts(libraryName, file.path)) deps.counter.record(id);
      if (answer.body === null || request.method === "HEAD") return reply.send();
      return reply.send(await deps.files.read(id, file, answer.body === "whole" ? undefined : answer.body));
    },
  });
}
