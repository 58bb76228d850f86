// The Git LFS batch API as a client uses it, for tests: ask, upload to the signed link, verify.
import { createHash } from "node:crypto";

const LFS = "application/vnd.git-lfs+json";

/** One object of a batch answer. */
export interface LfsObjectAnswer {
  oid: string;
  size: number;
  actions?: Record<string, { href: string }>;
  error?: { code: number; message: string };
}

/** POSTs a batch request for `objects` to model `id` as `token`; the status and the objects answered. */
export async function lfsBatch(
  hubUrl: string,
  id: string,
  token: string,
  operation: "upload" | "download",
  objects: { oid: string; size: number }[],
): Promise<{ status: number; objects: LfsObjectAnswer[] }> {
  const response = await fetch(`${hubUrl}/${id}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, accept: LFS, "content-type": LFS },
    body: JSON.stringify({ operation, transfers: ["basic"], objects }),
  });
  const body = (await response.json()) as { objects?: LfsObjectAnswer[] };
  return { status: response.status, objects: body.objects ?? [] };
}

/** The sha256 (the LFS oid) of `bytes`. */
export function lfsOid(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Uploads `bytes` to model `id` as git-lfs would (batch, PUT when asked, verify); the PUT's status, or null. */
export async function uploadLfsObject(
  hubUrl: string,
  id: string,
  token: string,
  bytes: Buffer,
): Promise<number | null> {
  const batch = await lfsBatch(hubUrl, id, token, "upload", [{ oid: lfsOid(bytes), size: bytes.length }]);
  const actions = batch.objects[0]?.actions;
  if (!actions?.upload) return null;
  const put = await fetch(actions.upload.href, { method: "PUT", body: bytes });
  if (put.status !== 200 || !actions.verify) return put.status;
  const verify = await fetch(actions.verify.href, {
    method: "POST",
    headers: { accept: LFS, "content-type": LFS },
    body: JSON.stringify({ oid: lfsOid(bytes), size: bytes.length }),
  });
  return verify.status === 200 ? put.status : verify.status;
}
