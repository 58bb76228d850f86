// Which revisions a client may name: a full commit id, `HEAD`, or a branch or tag name under git's ref-name rules
// (git check-ref-format). Anything else would reach git as revision syntax (`main~1`, `@{-1}`, `:/text`), so it is
// refused before git sees it.

/** A full commit id. */
export const COMMIT_ID = /^[0-9a-f]{40}$/;

/** Longest revision name, in bytes. */
export const MAX_REVISION_BYTES = 255;

// A name of letters, digits, `_` and inner `-` (`main`, `v1`, `refs-pr-1`) breaks none of the rules below: the usual
// revision passes this one test.
const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,254}$/;

function hasControlOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Why `revision` cannot name a branch, tag or commit here, or null when it can. */
export function revisionProblem(revision: string): string | null {
  if (PLAIN_NAME.test(revision)) return null;
  if (revision.length === 0) return "is empty";
  if (Buffer.byteLength(revision, "utf8") > MAX_REVISION_BYTES) return `is longer than ${MAX_REVISION_BYTES} bytes`;
  if (COMMIT_ID.test(revision) || revision === "HEAD") return null;
  // Control characters, space and git's revision operators.
  if (hasControlOrSpace(revision) || /[~^:?*[\\]/.test(revision))
    return "may not contain spaces, control characters or ~^:?*[\\";
  if (revision.includes("..") || revision.includes("@{") || revision === "@") return "may not contain '..' or '@{'";
  if (revision.startsWith("-") || revision.startsWith("/") || revision.endsWith("/")) {
    return "may not start with '-' or '/' or end with '/'";
  }
  if (revision.endsWith(".") || revision.includes("//")) return "may not end with '.' or contain '//'";
  for (const part of revision.split("/")) {
    if (part.startsWith(".") || part.endsWith(".lock")) return "no part may start with '.' or end with '.lock'";
  }
  return null;
}
