// The `Range: bytes=…` header (RFC 9110 §14): one range, or a suffix; anything the server may ignore is ignored.
import type { ByteRange } from "../blobs/blob-store.js";

/** What a `Range` header asks of a body: all of it (200), one part (206), or nothing it has (416). */
export type RangeRequest = { kind: "whole" } | ({ kind: "partial" } & ByteRange) | { kind: "unsatisfiable" };

const WHOLE: RangeRequest = { kind: "whole" };
const UNSATISFIABLE: RangeRequest = { kind: "unsatisfiable" };
const SPEC = /^(\d*)-(\d*)$/;

/**
 * What `header` asks of a body of `size` bytes. A missing or malformed header, another unit, or several ranges
 * (which the hub does not serve as multipart) mean the whole body, as RFC 9110 lets a server answer.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return WHOLE;
  const equals = header.indexOf("=");
  if (equals < 0 || header.slice(0, equals).trim().toLowerCase() !== "bytes") return WHOLE;
  const specs = header.slice(equals + 1).trim();
  if (specs.includes(",")) return WHOLE;
  const match = SPEC.exec(specs);
  if (!match) return WHOLE;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return WHOLE;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return UNSATISFIABLE;
    // An empty body has no byte to point at; its whole (empty) self is the honest answer.
    if (size === 0) return WHOLE;
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // `last` before `first` is a malformed range (ignored); a start past the end is one the body cannot satisfy.
  if (last !== "" && Number(last) < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: "partial", start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/** True when a `Range` header should be honoured given `If-Range`: absent, or naming the current strong ETag. */
export function rangeStillValid(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

/** The `Content-Range` value of a 206 answer. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** The `Content-Range` value of a 416 answer: the body's real length. */
export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}
