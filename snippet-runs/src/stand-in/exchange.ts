// A request being answered, and the shapes of the stand-in's replies.
import type { RecordedRequest, RunSpec } from "../run-spec.js";

/** One request in flight: what was sent, for which run, and a way to note what is wrong with it. */
export interface Exchange {
  /** The recorded request. */
  request: RecordedRequest;
  /** The run it belongs to. */
  run: RunSpec;
  /** Its parsed URL. */
  url: URL;
  /** Notes a departure from the provider's API. */
  violation(text: string): void;
}

/** What the stand-in answers: a status, a content type and a body (parts are written one by one, as a stream). */
export interface Reply {
  /** HTTP status. */
  status: number;
  /** Content-Type. */
  contentType: string;
  /** Body, or parts sent one after the other. */
  body: Buffer | string | string[];
}

/** A JSON reply. */
export function json(value: unknown, status = 200): Reply {
  return { status, contentType: "application/json", body: JSON.stringify(value) };
}

/** A server-sent event stream of JSON chunks, closed by `data: [DONE]`. */
export function sse(chunks: readonly unknown[]): Reply {
  return {
    status: 200,
    contentType: "text/event-stream",
    body: [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), "data: [DONE]\n\n"],
  };
}

/** Binary content. */
export function bytes(content: Buffer, contentType: string): Reply {
  return { status: 200, contentType, body: content };
}

/** The body as JSON when the request says it is JSON; notes a violation and returns null otherwise. */
export function jsonBody(exchange: Exchange): Record<string, unknown> | null {
  const type = exchange.request.headers["content-type"] ?? "";
  if (!type.startsWith("application/json")) {
    exchange.violation(`Content-Type must be application/json, got ${type || "none"}`);
    return null;
  }
  try {
    const value: unknown = JSON.parse(exchange.request.body.toString("utf8"));
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    exchange.violation("the JSON body must be an object");
  } catch {
    exchange.violation("the body is not valid JSON");
  }
  return null;
}
