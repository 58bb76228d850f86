// `GET|HEAD /{ns}/{name}/resolve/{revision}/{path}` and `/raw/…`, for any branch, tag or commit: the headers the
// field's clients read (`X-Repo-Commit`, `ETag` — the sha256 for LFS files, the git blob id otherwise —,
// `X-Linked-Etag` and `X-Linked-Size` for LFS files), ranges and conditional requests. `raw` serves what git holds
// (the pointer of an LFS file). A counted fetch adds a download, without waiting for the count.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BlobStore } from "../blobs/blob-store.js";
import type { DownloadCounter } from "../downloads/download-counter.js";
import type { DownloadRules } from "../downloads/download-rules.js";
import { answerFileRequest } from "../files/file-response.js";
import { parseRepoPath } from "../files/paths.js";
import type { RepoEntry } from "../repos/model-repos.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import {
  cachedModelAtRevision,
  entryNotFound,
  type ModelAtRevision,
  modelAtRevision,
  type RevisionDeps,
} from "./repo-revision.js";

/** What the resolve routes need. */
export interface ResolveDeps extends RevisionDeps {
  /** LFS objects. */
  blobs: BlobStore;
  /** Decides whether a fetch counts. */
  rules: DownloadRules;
  /** Counts it. */
  counter: DownloadCounter;
}

type Params = ModelIdParams & { revision: string; "*": string };

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

// A read whose record, commit and files are in memory is answered without a promise; a body still streams.
function serve(deps: ResolveDeps, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, raw: boolean) {
  const id = modelIdFromParams(request.params);
  const path = parseRepoPath(request.params["*"]);
  const known = cachedModelAtRevision(deps.repos, request.model, request.params.revision);
  if (known) return serveEntry(deps, request, reply, raw, known, id, path);
  return modelAtRevision(deps, id, request.params.revision, request.model).then((at) =>
    serveEntry(deps, request, reply, raw, at, id, path),
  );
}

function serveEntry(
  deps: ResolveDeps,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  raw: boolean,
  { model, commit, snapshot }: ModelAtRevision,
  id: string,
  path: string,
): Promise<FastifyReply> | undefined {
  const entry: RepoEntry | undefined = snapshot.byPath.get(path);
  if (!entry) throw entryNotFound(id, path);
  const lfs = raw ? null : entry.lfs;
  const size = lfs ? lfs.size : raw && entry.lfs ? entry.lfs.pointerSize : entry.size;
  const etag = `"${lfs ? lfs.sha256 : entry.oid}"`;
  const answer = answerFileRequest(
    path,
    { sha256: lfs?.sha256 ?? entry.oid, size },
    {
      range: header(request.headers.range),
      ifNoneMatch: header(request.headers["if-none-match"]),
      ifRange: header(request.headers["if-range"]),
    },
    etag,
  );
  reply.status(answer.status).headers(answer.headers).header("x-repo-commit", commit);
  if (lfs) reply.header("x-linked-etag", etag).header("x-linked-size", String(lfs.size));
  if (answer.status === 416) {
    reply.send();
    return undefined;
  }
  if (!raw && deps.rules.counts(model.library_name ?? null, path)) deps.counter.record(model.id);
  if (answer.body === null || request.method === "HEAD") {
    reply.send();
    return undefined;
  }
  return sendBody(deps, reply, model.id, path, entry, lfs, answer.body === "whole" ? undefined : answer.body);
}

async function sendBody(
  deps: ResolveDeps,
  reply: FastifyReply,
  id: string,
  path: string,
  entry: RepoEntry,
  lfs: RepoEntry["lfs"],
  range: { start: number; end: number } | undefined,
): Promise<FastifyReply> {
  if (lfs) {
    const stream = await deps.blobs.read(lfs.sha256, range);
    if (!stream) throw new Error(`LFS object ${lfs.sha256} of "${id}/${path}" is missing from the blob store`);
    return reply.send(stream);
  }
  const blob = await deps.repos.streamBlob(id, entry.oid, range);
  return reply.send(blob.bytes ?? blob.stream);
}

/** Registers the resolve and raw routes. */
export function registerResolveRoutes(app: FastifyInstance, deps: ResolveDeps): void {
  for (const [kind, raw] of [
    ["resolve", false],
    ["raw", true],
  ] as const) {
    app.route<{ Params: Params }>({
      method: ["GET", "HEAD"],
      url: `/:namespace/:name/${kind}/:revision/*`,
      handler: (request, reply) => serve(deps, request, reply, raw),
    });
  }
}
