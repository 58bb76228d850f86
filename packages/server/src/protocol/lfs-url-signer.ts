// The LFS action URLs the batch endpoint hands out carry their own short-lived permission (an HMAC over the action,
// the model, the object and the expiry), as the field's presigned storage URLs do: the Python client PUTs an upload
// URL without any Authorization header, and git-lfs fetches a download URL with only the headers the batch gave it.
// A signature lets its holder move exactly one object (whose bytes must hash to the oid) until it expires.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** What an action URL permits. */
export type LfsAction = "download" | "upload" | "verify";

/** The signed part of an action URL's query. */
export interface SignedQuery {
  /** Unix time (seconds) after which the URL is refused. */
  expires: number;
  /** base64url HMAC-SHA256. */
  signature: string;
}

/** Signs and checks action URLs. */
export interface LfsUrlSigner {
  /** How long a signed URL stays valid, in seconds (the batch answer's `expires_in`). */
  readonly lifetimeSeconds: number;
  /** A fresh signature for `action` on object `oid` (of `size` bytes) of model `id`. */
  sign(action: LfsAction, id: string, oid: string, size: number, now: Date): SignedQuery;
  /** True when `query` signs exactly this and has not expired. */
  verify(action: LfsAction, id: string, oid: string, size: number, query: SignedQuery, now: Date): boolean;
}

/** Default lifetime of an action URL: long enough for a slow multi-gigabyte transfer to start. */
export const DEFAULT_URL_LIFETIME_SECONDS = 3600;

/**
 * A signer keyed by `secret` (the hub derives it from the admin token, so every worker process and every restart
 * agrees without storing another secret). Model ids compare case-insensitively, as everywhere.
 */
export function createLfsUrlSigner(secret: string, lifetimeSeconds = DEFAULT_URL_LIFETIME_SECONDS): LfsUrlSigner {
  const key = createHash("sha256").update("modelhub lfs action urls\0").update(secret).digest();
  const mac = (action: LfsAction, id: string, oid: string, size: number, expires: number): Buffer =>
    createHmac("sha256", key).update(`${action}\n${id.toLowerCase()}\n${oid}\n${size}\n${expires}`).digest();
  return {
    lifetimeSeconds,
    sign(action, id, oid, size, now) {
      const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
      return { expires, signature: mac(action, id, oid, size, expires).toString("base64url") };
    },
    verify(action, id, oid, size, query, now) {
      if (!Number.isSafeInteger(query.expires) || query.expires < now.getTime() / 1000) return false;
      const expected = mac(action, id, oid, size, query.expires);
      const given = Buffer.from(query.signature, "base64url");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
