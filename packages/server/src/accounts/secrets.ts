// Random secrets the hub hands out (access tokens, session cookies, CSRF tokens) and the digest it keeps of them.
import { createHash, randomBytes } from "node:crypto";

/** Prefix of access tokens: the field's clients (the JS one refuses anything else) expect it. */
export const TOKEN_PREFIX = "hf_";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// Rejection sampling keeps every letter equally likely (256 is not a multiple of 62).
function randomLetters(count: number): string {
  let out = "";
  while (out.length < count) {
    for (const byte of randomBytes(count * 2)) {
      if (byte < 248 && out.length < count) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** A new access token: `hf_` and 34 letters or digits (about 202 bits), the field's shape. */
export function newAccessToken(): string {
  return `${TOKEN_PREFIX}${randomLetters(34)}`;
}

/** A new opaque secret (session cookie, CSRF token): 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The digest the database keeps of a token or session: sha256, hex. A leaked table gives no usable token. */
export function secretDigest(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
