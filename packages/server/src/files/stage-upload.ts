// An upload's body goes to the blob store's temporary area (hashed, size-limited) while its first bytes are also
// kept in memory: a small regular file becomes a git blob from memory, a large or LFS file a committed blob.
import type { BlobSource, BlobStore, StagedBlob, WriteOptions } from "../blobs/blob-store.js";
import { LFS_SIZE_THRESHOLD } from "../repos/lfs-rules.js";

/** A staged body and, when it is below the LFS threshold, its bytes. */
export interface StagedUpload {
  /** The staged blob (commit it for LFS, discard it otherwise). */
  staged: StagedBlob;
  /** The whole body when smaller than the LFS threshold, else null. */
  bytes: Buffer | null;
}

/** Stages `source`, keeping up to the LFS threshold in memory. */
export async function stageUpload(blobs: BlobStore, source: BlobSource, options: WriteOptions): Promise<StagedUpload> {
  const kept: Buffer[] = [];
  let size = 0;
  async function* tee(): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      const buffer = Buffer.from(chunk);
      size += buffer.length;
      if (size < LFS_SIZE_THRESHOLD) kept.push(buffer);
      else kept.length = 0;
      yield buffer;
    }
  }
  const staged = await blobs.stage(tee(), options);
  return { staged, bytes: size < LFS_SIZE_THRESHOLD ? Buffer.concat(kept) : null };
}
