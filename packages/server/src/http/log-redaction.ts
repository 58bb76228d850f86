// What the request log may say about a request: method, path, the query with every secret's value replaced, and
// the peer; never the Authorization, Cookie or secret-option headers (pino's redaction, on top, drops them wherever
// a logged object carries the request's headers).
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { isSecretParameter, SECRET_OPTIONS } from "./secret-options.js";

const REDACTED = "[redacted]";

/** `url` with the value of every secret query parameter replaced; other characters are kept as sent. */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const parts = url
    .slice(start + 1)
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      const rawName = eq === -1 ? part : part.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A malformed escape is logged as sent; it names no secret we know.
      }
      return isSecretParameter(name) ? `${rawName}=${REDACTED}` : part;
    });
  return `${url.slice(0, start)}?${parts.join("&")}`;
}

/** The request serializer of the hub's log lines. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Header paths pino removes from any logged request. */
export const REDACTED_HEADER_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["set-cookie"]',
  "req.headers['x-api-key']",
  ...SECRET_OPTIONS.map((option) => `req.headers["${option.header}"]`),
];

/** `logger` (Fastify's option) with the redacting serializer and header redaction; false stays false. */
export function redactingLogger(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest },
    redact: { paths: REDACTED_HEADER_PATHS, censor: REDACTED },
  };
}
