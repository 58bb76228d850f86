// How to answer a GET or HEAD of a stored file: the status, the headers and the bytes to send, decided from the
// request's conditional and range headers. Pure, so every branch is tested without a server.
import type { BlobInfo, ByteRange } from "../blobs/blob-store.js";
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

/** Decides the answer to a request for the file at `path` whose blob is `blob` (`etag`: quoted, default its sha256). */
export function answerFileRequest(
  path: string,
  blob: BlobInfo,
  request: FileRequest,
  etag = fileEtag(blob.sha256),
): FileAnswer {
  const served = servedType(path);
  const common = {
    etag,
    "accept-ranges": "bytes",
    // The same path can get new content; clients keep their copy but ask again, and the ETag makes that cheap.
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    // Uploaded bytes come from the hub's own origin: even if a browser rendered them, nothing may run.
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  if (request.ifNoneMatch !== undefined && matchesAny(request.ifNoneMatch, etag)) {
    return { status: 304, headers: common, body: null };
  }
  const typed = {
    ...common,
    "content-type": served.type,
    "content-disposition": contentDisposition(path, served.inline),
  };
  const wanted: RangeRequest = rangeStillValid(request.ifRange, etag)
    ? parseRange(request.range, blob.size)
    : { kind: "whole" };
  if (wanted.kind === "unsatisfiable") {
    return {
      status: 416,
      headers: { ...common, "content-range": unsatisfiedContentRange(blob.size), "content-length": "0" },
      body: null,
    };
  }
  if (wanted.kind === "partial") {
    const range = { start: wanted.start, end: wanted.end };
    return {
      status: 206,
      headers: {
        ...typed,
        "content-range": contentRange(range, blob.size),
        "content-length": String(range.end - range.start + 1),
      },
      body: range,
    };
  }
  return { status: 200, headers: { ...typed, "content-length": String(blob.size) }, body: "whole" };
}
