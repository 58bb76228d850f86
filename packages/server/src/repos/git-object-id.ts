// git's blob id (sha1 of `blob <size>\0` and the bytes), computed while the bytes pass, so a commit knows its
// entries' ids without asking git.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** The git blob id and sha256 of `data`. */
export function hashBytes(data: Uint8Array): { oid: string; sha256: string } {
  const oid = createHash("sha1").update(`blob ${data.length}\0`).update(data).digest("hex");
  return { oid, sha256: createHash("sha256").update(data).digest("hex") };
}

/** The git blob id and sha256 of the file at `path` of `size` bytes, read once. */
export async function hashFile(path: string, size: number): Promise<{ oid: string; sha256: string }> {
  const sha1 = createHash("sha1").update(`blob ${size}\0`);
  const sha256 = createHash("sha256");
  for await (const chunk of createReadStream(path)) {
    sha1.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return { oid: sha1.digest("hex"), sha256: sha256.digest("hex") };
}
