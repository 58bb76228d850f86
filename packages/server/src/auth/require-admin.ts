import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HubError } from "../errors.js";

// Hashing first gives equal lengths, so the comparison time says nothing about the token.
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** True when `presented` equals `expected`, compared in constant time. */
export function tokensEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** An `onRequest` hook admitting only `Authorization: Bearer <token>`; it runs before the body is read. */
export function requireAdmin(token: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1] || !tokensEqual(match[1], token)) {
      // Closing the connection stops an unauthenticated upload instead of reading a body nobody will use.
      reply.header("www-authenticate", 'Bearer realm="modelhub"').header("connection", "close");
      throw new HubError("unauthorized", "missing or invalid admin token (Authorization: Bearer <token>)");
    }
  };
}
