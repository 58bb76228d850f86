// Git LFS pointer files (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md): the small text that stands in
// the git tree for a large file whose bytes live in the blob store under their sha256.
import { isSha256 } from "../blobs/blob-store.js";

/** A pointer's facts: the object's sha256 (its LFS oid) and size. */
export interface LfsPointer {
  /** sha256 of the file's bytes, 64 lowercase hex digits: the LFS oid and the blob store key. */
  sha256: string;
  /** The file's size in bytes. */
  size: number;
}

/** Pointer files are small; anything larger is ordinary content (the spec's limit). */
export const MAX_POINTER_BYTES = 1024;

const VERSION_LINE = "version https://git-lfs.github.com/spec/v1";

/** The canonical pointer text of `pointer`. */
export function formatLfsPointer(pointer: LfsPointer): string {
  return `${VERSION_LINE}\noid sha256:${pointer.sha256}\nsize ${pointer.size}\n`;
}

/** The pointer that `bytes` hold, or null when they are not a pointer file. */
export function parseLfsPointer(bytes: Uint8Array): LfsPointer | null {
  if (bytes.length > MAX_POINTER_BYTES) return null;
  const text = Buffer.from(bytes).toString("utf8");
  if (!text.startsWith(`${VERSION_LINE}\n`)) return null;
  let sha256: string | null = null;
  let size: number | null = null;
  for (const line of text.split("\n").slice(1)) {
    if (line.startsWith("oid sha256:")) sha256 = line.slice("oid sha256:".length);
    else if (line.startsWith("size ") && /^\d+$/.test(line.slice(5))) size = Number(line.slice(5));
  }
  if (sha256 === null || !isSha256(sha256) || size === null || !Number.isSafeInteger(size)) return null;
  return { sha256, size };
}
