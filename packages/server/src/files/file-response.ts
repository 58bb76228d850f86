// How to answer a GET or HEAD of a stored file: the status, the headers and the bytes to send, decided from the
// request's conditional and range headers. Pure, so every branch is tested without a server.
import type { BlobInfo, ByteRange } from "../blobs/blob-store.js";
import { boundedMemo } from "../cache/bounded-memo.js";
import { contentDisposition, servedType } from "./content-type.js";
import { contentRange, parseRange, type RangeRequest, rangeStillValid, unsatisfiedContentRange } from "./range.js";

/** The request headers that decide the answer. */
export interface FileRequest {
  /** `Range`. */
  range?: string;
  /** `If-None-Match`. */
  ifNoneMatch?: string;
  /** `If-Range`. */
  ifRange?: string;
}

/** The answer: status and headers, and which bytes to send (none for 304 and 416; the caller skips them for HEAD). */
export interface FileAnswer {
  /** 200, 206, 304 or 416. */
  status: 200 | 206 | 304 | 416;
  /** Response headers. */
  headers: Record<string, string>;
  /** The bytes to send: the whole file, a range, or nothing. */
  body: "whole" | ByteRange | null;
}

/** The strong ETag of a file: its sha256, quoted. */
export function fileEtag(sha256: string): string {
  return `"${sha256}"`;
}

// `If-None-Match` compares weakly: W/"x" matches "x"; `*` matches any existing file.
function matchesAny(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/** What serving the file at a path always says about it: Content-Type and Content-Disposition. */
interface PathHeaders {
  type: string;
  disposition: string;
}

// Per path: worked out from the name alone (a regex and an escape each), and the same paths are asked for again and
// again (config.json, model.safetensors).
const pathHeaders = boundedMemo<string, PathHeaders>(10_000);

function pathHeadersOf(path: string): PathHeaders {
  const served = servedType(path);
  return { type: served.type, disposition: contentDisposition(path, served.inline) };
}

// Uploaded bytes come from the hub's own origin: even if a browser rendered them, nothing may run.
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Decides the answer to a request for the file at `path` whose blob is `blob` (`etag`: quoted, default its sha256). */
export function answerFileRequest(
  path: string,
  blob: BlobInfo,
  request: FileRequest,
  etag = fileEtag(blob.sha256),
): FileAnswer {
  if (request.ifNoneMatch !== undefined && matchesAny(request.ifNoneMatch, etag)) {
    return { status: 304, headers: commonHeaders(etag), body: null };
  }
  const wanted: RangeRequest = rangeStillValid(request.ifRange, etag)
    ? parseRange(request.range, blob.size)
    : { kind: "whole" };
  if (wanted.kind === "unsatisfiable") {
    const headers = commonHeaders(etag);
    headers["content-range"] = unsatisfiedContentRange(blob.size);
    headers["content-length"] = "0";
    return { status: 416, headers, body: null };
  }
  const { type, disposition } = pathHeaders(path, pathHeadersOf);
  const headers = commonHeaders(etag);
  headers["content-type"] = type;
  headers["content-disposition"] = disposition;
  headers["content-length"] = String(blob.size);
  if (wanted.kind === "partial") {
    const range = { start: wanted.start, end: wanted.end };
    headers["content-range"] = contentRange(range, blob.size);
    headers["content-length"] = String(range.end - range.start + 1);
    return { status: 206, headers, body: range };
  }
  return { status: 200, headers, body: "whole" };
}

// The headers of every answer about a file, typed or not (304, 416); a new object each time, for the caller to add to.
function commonHeaders(etag: string): Record<string, string> {
  return {
    etag,
    "accept-ranges": "bytes",
    // The same path can get new content; clients keep their copy but ask again, and the ETag makes that cheap.
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    "content-security-policy": FILE_CSP,
  };
}
