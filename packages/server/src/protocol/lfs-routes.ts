// The Git LFS endpoint of every model, `/{ns}/{name}.git/info/lfs/…` (also without `.git`): the batch API and the
// signed object URLs it hands out. This is the hub's only LFS endpoint, for git-lfs and for the Python and JS
// clients' uploads alike: the JSON commit endpoint (accounts/, issue 11) takes LFS pointers whose objects arrived
// here, and checks they are in the blob store; it does not receive LFS bytes itself.
//   POST …/info/lfs/objects/batch            download or upload operation (needs read or write on the model);
//                                            only objects the repository owns are offered (lfs-ownership.ts)
//   GET  …/info/lfs/objects/{oid}?…signature the object's bytes, with Range (a download the library counts is counted)
//   PUT  …/info/lfs/objects/{oid}?…signature the object's bytes, streamed to the blob store, sha256 and size checked;
//                                            the repository then owns the object
//   POST …/info/lfs/objects/{oid}/verify?…   200 when the object is stored with its size

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checksAccessItself } from "../accounts/repo-access.js";
import type { BlobStore } from "../blobs/blob-store.js";
import { isSha256 } from "../blobs/blob-store.js";
import { HubError, handleError } from "../errors.js";
import { answerFileRequest } from "../files/file-response.js";
import type { ModelIdParams } from "../validation/model-id-params.js";
import { answerLfsBatch, parseLfsBatch } from "./lfs-batch.js";
import type { LfsOwnership } from "./lfs-ownership.js";
import type { LfsAction, LfsUrlSigner } from "./lfs-url-signer.js";
import { type RepoAccess, roleAllows } from "./repo-access.js";
import { modelIdFromRepoParams } from "./repo-params.js";

/** The media type of LFS API requests and answers. */
export const LFS_MEDIA_TYPE = "application/vnd.git-lfs+json";

/** What the LFS routes need. */
export interface LfsRouteDeps {
  /** Who may read and write. */
  access: RepoAccess;
  /** Where objects live (keyed by their sha256, the LFS oid). */
  blobs: BlobStore;
  /** Signs the action URLs. */
  signer: LfsUrlSigner;
  /** True when the model has a repository. */
  repoExists(id: string): Promise<boolean>;
  /** Which objects each repository owns (referenced by its history, or uploaded to it). */
  ownership: LfsOwnership;
  /** The hub URL that action links start with. */
  baseUrl(request: FastifyRequest): string;
  /** Largest object accepted. */
  maxUploadBytes: number;
  /** Clock. */
  now(): Date;
  /** Told about each download that starts at the first byte (the caller counts it by the library's rules). */
  onDownload?(id: string, oid: string): void;
  /** Answers a redirect when `id` is a moved model's old id the caller may follow; true when it did. */
  redirect?(request: FastifyRequest, reply: FastifyReply, id: string): Promise<boolean>;
}

type ObjectParams = ModelIdParams & { oid: string };
type SignedQuerystring = { size?: string; expires?: string; signature?: string };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

// LFS clients show `message`; the hub's clients read `error`: both carry the same text.
function lfsErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (!(error instanceof HubError)) return handleError(error, request, reply);
  if (error.code === "unauthorized") reply.header("lfs-authenticate", 'Basic realm="modelhub"');
  if (error.clientCode) reply.header("x-error-code", error.clientCode);
  return reply
    .status(error.status)
    .type(LFS_MEDIA_TYPE)
    .send({ message: error.message, error: error.message, request_id: request.id });
}

// Action URLs carry their signature in the query: request logs get the path only, so no log line holds one.
const SIGNED_ROUTE_LOGS = {
  logSerializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: request.url.split("?")[0],
      remoteAddress: request.ip,
    }),
  },
};

/** The object a signed URL names, once its signature is checked. */
function signedObject(
  deps: LfsRouteDeps,
  action: LfsAction,
  params: ObjectParams,
  query: SignedQuerystring,
): { id: string; oid: string; size: number } {
  const id = modelIdFromRepoParams(params);
  if (!isSha256(params.oid)) throw new HubError("bad_request", "oid must be 64 lowercase hex digits (sha256)");
  const size = Number(query.size);
  const expires = Number(query.expires);
  const valid =
    /^[0-9]{1,16}$/.test(query.size ?? "") &&
    /^[0-9]{1,12}$/.test(query.expires ?? "") &&
    deps.signer.verify(action, id, params.oid, size, { expires, signature: query.signature ?? "" }, deps.now());
  if (!valid) throw new HubError("unauthorized", "this LFS link is invalid or has expired; ask the batch API again");
  return { id, oid: params.oid, size };
}

/** Registers the batch endpoint and the object URLs. */
export async function registerLfsRoutes(app: FastifyInstance, deps: LfsRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    // The batch endpoint asks RepoAccess; object links carry their own signature.
    scope.addHook("onRoute", checksAccessItself);
    scope.setErrorHandler(lfsErrorHandler);
    scope.addContentTypeParser(LFS_MEDIA_TYPE, { parseAs: "string" }, scope.getDefaultJsonParser("error", "error"));

    scope.post<{ Params: ModelIdParams }>("/:namespace/:name/info/lfs/objects/batch", async (request, reply) => {
      const id = modelIdFromRepoParams(request.params);
      const batch = parseLfsBatch(request.body);
      const needed = batch.operation === "upload" ? "write" : "read";
      const grant = await deps.access.grant(request, id);
      if (!roleAllows(grant.role, needed)) {
        if (grant.user === null)
          throw new HubError("unauthorized", `${batch.operation} needs a token with ${needed} access`);
        if (grant.role === null) throw new HubError("not_found", `repository "${id}" not found`, "RepoNotFound");
        throw new HubError("forbidden", `your token may not upload to "${id}"`);
      }
      // A missing repository looks exactly like one the caller may not see.
      if (!(await deps.repoExists(id))) {
        if (await deps.redirect?.(request, reply, id)) return reply;
        if (grant.user === null) throw new HubError("unauthorized", "authentication required");
        throw new HubError("not_found", `repository "${id}" not found`, "RepoNotFound");
      }
      const answer = await answerLfsBatch(batch, {
        id,
        baseUrl: deps.baseUrl(request),
        now: deps.now(),
        signer: deps.signer,
        stat: (oid) => deps.blobs.stat(oid),
        owned: (oids) => deps.ownership.owned(id, oids),
        maxUploadBytes: deps.maxUploadBytes,
      });
      // The links carry signatures: no cache may keep them.
      return reply.type(LFS_MEDIA_TYPE).header("cache-control", "no-store").send(answer);
    });

    scope.post<{ Params: ObjectParams; Querystring: SignedQuerystring }>(
      "/:namespace/:name/info/lfs/objects/:oid/verify",
      SIGNED_ROUTE_LOGS,
      async (request, reply) => {
        const { id, oid, size } = signedObject(deps, "verify", request.params, request.query);
        // Only an upload to this repository counts: the object stored for another one is not "uploaded" here.
        const owned = await deps.ownership.owned(id, [oid]);
        const stored = owned.has(oid) ? await deps.blobs.stat(oid) : null;
        if (!stored) throw new HubError("not_found", `object ${oid} was not uploaded`);
        if (stored.size !== size)
          throw new HubError("bad_request", `object ${oid} has ${stored.size} bytes, not ${size}`);
        return reply.type(LFS_MEDIA_TYPE).send({ oid, size });
      },
    );

    scope.route<{ Params: ObjectParams; Querystring: SignedQuerystring }>({
      method: ["GET", "HEAD"],
      url: "/:namespace/:name/info/lfs/objects/:oid",
      ...SIGNED_ROUTE_LOGS,
      handler: async (request, reply) => {
        const { id, oid } = signedObject(deps, "download", request.params, request.query);
        // Links are handed out for owned objects only; ownership is asked again in case it has gone since.
        const stored = (await deps.ownership.owned(id, [oid])).has(oid) ? await deps.blobs.stat(oid) : null;
        if (!stored) throw new HubError("not_found", `object ${oid} not found`);
        const answer = answerFileRequest(oid, stored, {
          range: single(request.headers.range),
          ifNoneMatch: single(request.headers["if-none-match"]),
          ifRange: single(request.headers["if-range"]),
        });
        reply.status(answer.status).headers(answer.headers);
        if (answer.body === null || request.method === "HEAD") return reply.send();
        // A resumed download (a range after the first byte) is the same download, counted once.
        if (answer.body === "whole" || answer.body.start === 0) deps.onDownload?.(id, oid);
        const stream = await deps.blobs.read(oid, answer.body === "whole" ? undefined : answer.body);
        if (!stream) throw new HubError("not_found", `object ${oid} not found`);
        return reply.send(stream);
      },
    });
  });

  // Uploads stream to the blob store: in this scope no parser reads the body, whatever its content type.
  await app.register(async (scope) => {
    // The batch endpoint asks RepoAccess; object links carry their own signature.
    scope.addHook("onRoute", checksAccessItself);
    scope.setErrorHandler(lfsErrorHandler);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.put<{ Params: ObjectParams; Querystring: SignedQuerystring }>(
      "/:namespace/:name/info/lfs/objects/:oid",
      SIGNED_ROUTE_LOGS,
      async (request, reply) => {
        const { id, oid, size } = signedObject(deps, "upload", request.params, request.query);
        const declared = request.headers["content-length"];
        try {
          if (declared !== undefined && Number(declared) !== size) {
            throw new HubError("bad_request", `Content-Length ${declared} is not the declared size ${size}`);
          }
          if (!(await deps.repoExists(id)))
            throw new HubError("not_found", `repository "${id}" not found`, "RepoNotFound");
          await storeObject(deps.blobs, request, oid, size);
          // The bytes matched the oid: the repository owns the object now (stored once, however many own it).
          await deps.ownership.claim(id, oid);
        } catch (error) {
          // A refused upload's unread body is not worth receiving.
          if (!request.raw.complete) reply.header("connection", "close");
          throw error;
        }
        return reply.status(200).send();
      },
    );
  });
}

/** Streams the body into the blob store; it becomes visible only when its sha256 and size are the declared ones. */
async function storeObject(blobs: BlobStore, request: FastifyRequest, oid: string, size: number): Promise<void> {
  const abort = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete) abort.abort();
  });
  let staged: Awaited<ReturnType<BlobStore["stage"]>>;
  try {
    staged = await blobs.stage(request.raw, { maxBytes: size, signal: abort.signal });
  } catch (error) {
    if (error instanceof HubError && error.code === "payload_too_large") {
      throw new HubError("bad_request", `the body is longer than the declared size ${size}`);
    }
    throw error;
  }
  try {
    if (staged.size !== size) throw new HubError("bad_request", `the body has ${staged.size} bytes, not ${size}`);
    if (staged.sha256 !== oid) throw new HubError("bad_request", `the body's sha256 is ${staged.sha256}, not ${oid}`);
    await staged.commit();
  } finally {
    await staged.discard();
  }
}
