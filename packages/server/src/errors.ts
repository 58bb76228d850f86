// The server's one error type, its status table and the Fastify handlers that turn anything thrown into JSON.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** HTTP status of each error code; exhaustive so a new code cannot ship without a status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
  insufficient_storage: 507,
} as const;

/** A stable error code; the key of `ERROR_STATUS`. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type of the server: a code that decides the status, and a message safe to show a client. */
export class HubError extends Error {
  /** What went wrong, as a code from `ERROR_STATUS`. */
  readonly code: ErrorCode;
  /** The field's `X-Error-Code` (`RepoNotFound`, `RevisionNotFound`, `EntryNotFound`…) that clients branch on. */
  readonly clientCode: string | undefined;

  constructor(code: ErrorCode, message: string, clientCode?: string) {
    super(message);
    this.name = "HubError";
    this.code = code;
    this.clientCode = clientCode;
  }

  /** The HTTP status that answers this error. */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The JSON body of every error response. */
export interface ErrorBody {
  /** A message for the client; never a stack trace. */
  error: string;
}

// Fastify's own client errors (bad JSON, body too large, wrong media type) carry a 4xx statusCode and a safe message.
function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

// Errors of the disk or database that are no bug of the hub: a full disk is a 507, a read-only one a 503, each with a
// message an operator can act on. `code` is Node's errno name or SQLite's result code.
const STORAGE_FAILURES: Record<string, HubError> = {
  ENOSPC: new HubError("insufficient_storage", "the hub's disk is full: the write was not stored"),
  EDQUOT: new HubError("insufficient_storage", "the hub's disk quota is exhausted: the write was not stored"),
  SQLITE_FULL: new HubError("insufficient_storage", "the hub's database disk is full: the write was not stored"),
  EROFS: new HubError("service_unavailable", "the hub's data directory is read-only: writes are unavailable"),
  SQLITE_READONLY: new HubError("service_unavailable", "the hub's database is read-only: writes are unavailable"),
  // PostgreSQL: disk_full, read_only_sql_transaction.
  "53100": new HubError("insufficient_storage", "the database server's disk is full: the write was not stored"),
  "25006": new HubError("service_unavailable", "the database is read-only: writes are unavailable"),
};

/** The 507 or 503 that answers a storage error (disk full, read-only), or null for any other error. */
export function storageFailure(error: unknown): HubError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  return STORAGE_FAILURES[code] ?? STORAGE_FAILURES[code.split("_").slice(0, 2).join("_")] ?? null;
}

/** Fastify error handler: HubErrors and Fastify's client errors keep their status; anything else is a logged 500. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HubError) {
    if (error.clientCode) reply.header("x-error-code", error.clientCode);
    // The Python client quotes X-Error-Message in its exceptions; header values must stay on one line.
    reply.header("x-error-message", error.message.replace(/[^\x20-\x7e]/g, "?"));
    return reply.status(error.status).send({ error: error.message } satisfies ErrorBody);
  }
  if (isClientError(error)) {
    return reply.status(error.statusCode).send({ error: error.message } satisfies ErrorBody);
  }
  const storage = storageFailure(error);
  if (storage) {
    request.log.error({ err: error, reqId: request.id }, "storage failure");
    return reply.status(storage.status).send({ error: storage.message } satisfies ErrorBody);
  }
  // A bug: the log keeps the stack with the request id; the client only gets the id to quote.
  request.log.error({ err: error, reqId: request.id }, "unhandled error");
  const body: ErrorBody = { error: `Internal server error (request id ${request.id})` };
  return reply.status(500).send(body);
}

/** The 404 of an unknown API route. */
export function routeNotFound(request: FastifyRequest): HubError {
  return new HubError("not_found", `No route ${request.method} ${request.url.split("?")[0]}`);
}
