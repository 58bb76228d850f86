// The rules for a file path inside a model repository. Paths reach the hub from URLs and from folder imports,
// so anything that could climb out of the repository, or mean two things, is refused.
import { boundedMemo } from "../cache/bounded-memo.js";
import { HubError } from "../errors.js";

/** Longest path, in UTF-8 bytes. */
export const MAX_PATH_BYTES = 1_000;

/** Longest path segment (file or folder name), in UTF-8 bytes; what common file systems allow. */
export const MAX_SEGMENT_BYTES = 255;

// How many layers of percent-encoding are undone when looking for a hidden `..` (`%252e` is `.` twice encoded).
const DECODE_ROUNDS = 3;

// C0 controls and DEL would corrupt headers, logs and terminals.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** `text` and each successive percent-decoding of it, stopping when decoding changes nothing or fails. */
function decodedVariants(text: string): string[] {
  const variants = [text];
  let current = text;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break; // A lone `%` is an ordinary character, not an encoding.
    }
    if (next === current) break;
    variants.push(next);
    current = next;
  }
  return variants;
}

/** What is structurally wrong with one spelling of a path, or null. */
function structureProblem(path: string): string | null {
  if (path.includes("\0")) return "may not contain NUL";
  if (hasControlCharacter(path)) return "may not contain control characters";
  if (path.includes("\\")) return "may not contain a backslash";
  if (path.startsWith("/")) return "must be relative (no leading '/')";
  if (/^[A-Za-z]:/.test(path)) return "must be relative (no drive letter)";
  for (const segment of path.split("/")) {
    if (segment === "") return "may not contain empty segments ('//' or a trailing '/')";
    if (segment === "." || segment === "..") return "may not contain '.' or '..' segments";
  }
  return null;
}

// Answers by path: the paths asked about again and again are a hub's few thousand files. A path longer than any
// acceptable one (a body may send megabytes) is refused without being kept, so the memo stays small.
const answers = boundedMemo<string, string | null>(10_000);

/** Why `path` is not an acceptable repository file path, or null when it is one. */
export function repoPathProblem(path: string): string | null {
  return path.length > MAX_PATH_BYTES ? pathProblem(path) : answers(path, pathProblem);
}

function pathProblem(path: string): string | null {
  if (path.length === 0) return "is empty";
  if (utf8Length(path) > MAX_PATH_BYTES) return `is longer than ${MAX_PATH_BYTES} bytes`;
  const segmentTooLong = path.split("/").some((segment) => utf8Length(segment) > MAX_SEGMENT_BYTES);
  if (segmentTooLong) return `has a segment longer than ${MAX_SEGMENT_BYTES} bytes`;
  for (const [index, variant] of decodedVariants(path).entries()) {
    const problem = structureProblem(variant);
    if (problem) return index === 0 ? problem : `${problem} (once percent-decoded)`;
  }
  return null;
}

/** `path` when it is an acceptable repository file path; otherwise a `bad_request` HubError saying why. */
export function parseRepoPath(path: string): string {
  const problem = repoPathProblem(path);
  if (problem) throw new HubError("bad_request", `invalid file path: ${problem}`);
  return path;
}
