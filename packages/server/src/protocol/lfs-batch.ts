// The Git LFS batch API (https://github.com/git-lfs/git-lfs/blob/main/docs/api/batch.md), decided apart from HTTP:
// a parsed request and what the hub knows in, the JSON answer out. Per-object problems are per-object errors (the
// request still succeeds), as the spec asks; only a malformed request as a whole is refused.
import { z } from "zod";
import type { BlobInfo } from "../blobs/blob-store.js";
import { isSha256 } from "../blobs/blob-store.js";
import { HubError } from "../errors.js";
import { describeZodError } from "../validation/describe-zod-error.js";
import type { LfsAction, LfsUrlSigner } from "./lfs-url-signer.js";

/** Most objects in one batch request (git-lfs sends 100 at a time; the Python client one commit's worth). */
export const MAX_BATCH_OBJECTS = 1000;

const batchSchema = z.object({
  operation: z.enum(["download", "upload"]),
  transfers: z.array(z.string()).optional(),
  ref: z.object({ name: z.string() }).nullish(),
  objects: z
    .array(z.object({ oid: z.string().max(128), size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }))
    .max(MAX_BATCH_OBJECTS),
  hash_algo: z.string().optional(),
});

/** A batch request as the client sent it (unknown fields ignored). */
export type LfsBatchRequest = z.infer<typeof batchSchema>;

/** One action of an object: where to send the request and until when. */
export interface LfsActionLink {
  /** Absolute URL, carrying its own signature. */
  href: string;
  /** Seconds the URL stays valid. */
  expires_in: number;
}

/** One object of the answer: actions to take, or an error, or neither (an upload the hub already has). */
export interface LfsObjectAnswer {
  /** The object id (sha256). */
  oid: string;
  /** Its size in bytes. */
  size: number;
  /** True: the action URLs need no other credentials. */
  authenticated?: boolean;
  /** What to do with the object. */
  actions?: Partial<Record<LfsAction, LfsActionLink>>;
  /** Why the object cannot be transferred. */
  error?: { code: number; message: string };
}

/** The batch answer. */
export interface LfsBatchResponse {
  /** The only transfer adapter the hub speaks. */
  transfer: "basic";
  /** One answer per requested object, in order. */
  objects: LfsObjectAnswer[];
  /** The hash that names objects. */
  hash_algo: "sha256";
}

/** What answering needs to know. */
export interface BatchContext {
  /** The model. */
  id: string;
  /** The hub's URL (no trailing slash) that action links start with. */
  baseUrl: string;
  /** Clock of the signatures. */
  now: Date;
  /** Signs action URLs. */
  signer: LfsUrlSigner;
  /** The stored object with this hash, or null. */
  stat(oid: string): Promise<BlobInfo | null>;
  /**
   * Of `oids`, the ones the model's repository owns (lfs-ownership.ts): only those are handed out, and an object
   * stored for other repositories only is asked for again, as if absent, so no answer tells that it exists.
   */
  owned(oids: readonly string[]): Promise<ReadonlySet<string>>;
  /** Largest object accepted for upload. */
  maxUploadBytes: number;
}

/** Parses a batch request body; a 400 naming the problem when it is not one. */
export function parseLfsBatch(body: unknown): LfsBatchRequest {
  const parsed = batchSchema.safeParse(body);
  if (!parsed.success)
    throw new HubError("bad_request", `invalid LFS batch request: ${describeZodError(parsed.error, "field")}`);
  if (parsed.data.hash_algo !== undefined && parsed.data.hash_algo !== "sha256") {
    throw new HubError("bad_request", `hash_algo "${parsed.data.hash_algo}" is not supported (only sha256)`);
  }
  if (parsed.data.transfers && !parsed.data.transfers.includes("basic")) {
    throw new HubError("bad_request", "the hub only offers the basic transfer adapter");
  }
  return parsed.data;
}

/** The path of object `oid`'s URLs under the model's LFS endpoint. */
export function lfsObjectPath(id: string, oid: string): string {
  return `/${id}.git/info/lfs/objects/${oid}`;
}

function link(ctx: BatchContext, action: LfsAction, oid: string, size: number): LfsActionLink {
  const signed = ctx.signer.sign(action, ctx.id, oid, size, ctx.now);
  const path = action === "verify" ? `${lfsObjectPath(ctx.id, oid)}/verify` : lfsObjectPath(ctx.id, oid);
  const query = new URLSearchParams({
    size: String(size),
    expires: String(signed.expires),
    signature: signed.signature,
  });
  return { href: `${ctx.baseUrl}${path}?${query}`, expires_in: ctx.signer.lifetimeSeconds };
}

const objectError = (oid: string, size: number, code: number, message: string): LfsObjectAnswer => ({
  oid,
  size,
  error: { code, message },
});

async function downloadAnswers(request: LfsBatchRequest, ctx: BatchContext): Promise<LfsObjectAnswer[]> {
  const valid = request.objects.filter((o) => isSha256(o.oid)).map((o) => o.oid);
  const owned = await ctx.owned(valid);
  return Promise.all(
    request.objects.map(async ({ oid, size }) => {
      if (!isSha256(oid)) return objectError(oid, size, 422, "oid must be 64 lowercase hex digits (sha256)");
      if (!owned.has(oid)) return objectError(oid, size, 404, "Object does not exist");
      const stored = await ctx.stat(oid);
      if (!stored) return objectError(oid, size, 404, "Object does not exist");
      return {
        oid,
        size: stored.size,
        authenticated: true,
        actions: { download: link(ctx, "download", oid, stored.size) },
      };
    }),
  );
}

async function uploadAnswers(request: LfsBatchRequest, ctx: BatchContext): Promise<LfsObjectAnswer[]> {
  const owned = await ctx.owned(request.objects.map((o) => o.oid).filter(isSha256));
  return Promise.all(
    request.objects.map(async ({ oid, size }): Promise<LfsObjectAnswer> => {
      if (!isSha256(oid)) return objectError(oid, size, 422, "oid must be 64 lowercase hex digits (sha256)");
      if (size > ctx.maxUploadBytes) {
        return objectError(oid, size, 422, `object is larger than the limit of ${ctx.maxUploadBytes} bytes`);
      }
      // Stored for other repositories only: this one must upload the bytes (they are checked, then deduplicated).
      const stored = owned.has(oid) ? await ctx.stat(oid) : null;
      if (stored && stored.size === size) return { oid, size }; // Already here: no actions, the client skips it.
      if (stored) return objectError(oid, size, 422, `size ${size} does not match the stored object's`);
      return {
        oid,
        size,
        authenticated: true,
        actions: { upload: link(ctx, "upload", oid, size), verify: link(ctx, "verify", oid, size) },
      };
    }),
  );
}

/** The answer to a batch request. */
export async function answerLfsBatch(request: LfsBatchRequest, ctx: BatchContext): Promise<LfsBatchResponse> {
  const objects =
    request.operation === "download" ? await downloadAnswers(request, ctx) : await uploadAnswers(request, ctx);
  return { transfer: "basic", objects, hash_algo: "sha256" };
}
