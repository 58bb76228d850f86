// Content-addressed storage of file bodies. The local disk store implements it; an S3-compatible store can too,
// checked by the same contract suite (src/test-utils/blob-store-contract.ts).
import type { Readable } from "node:stream";

/** A stored body's identity: the sha256 of its bytes (lowercase hex) and its length. */
export interface BlobInfo {
  /** sha256 of the content, 64 lowercase hex digits; also the blob's key. */
  sha256: string;
  /** Length in bytes. */
  size: number;
}

/** An inclusive byte range of a blob, as a `Range` header asks for it. */
export interface ByteRange {
  /** First byte, 0-based. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/** Limits of one write. */
export interface WriteOptions {
  /** Largest accepted body; a longer one fails with a `payload_too_large` HubError and leaves nothing. */
  maxBytes?: number;
  /** Aborts the write; the temporary data is removed. */
  signal?: AbortSignal;
}

/** A body written in full, hashed and made durable, but not yet visible under its hash. */
export interface StagedBlob extends BlobInfo {
  /** Makes the blob readable under its hash; when identical content is already stored, it is kept once. */
  commit(): Promise<void>;
  /** Removes the staged data; harmless after `commit` or a second call. */
  discard(): Promise<void>;
}

/** The bytes a body can come from: a Node stream or any async iterable of chunks. */
export type BlobSource = Readable | AsyncIterable<Uint8Array>;

/** Content-addressed blob storage: identical content is stored once; a failed or aborted write leaves nothing. */
export interface BlobStore {
  /**
   * Writes `source` to temporary storage and hashes it. Split from `commit` so a caller can make the blob visible
   * and record a reference to it under one lock, and a concurrent delete cannot remove it in between.
   */
  stage(source: BlobSource, options?: WriteOptions): Promise<StagedBlob>;
  /** `stage` then `commit`: the stored blob's hash and size. */
  put(source: BlobSource, options?: WriteOptions): Promise<BlobInfo>;
  /** Hash and size of a stored blob, or null when there is none with this hash. */
  stat(sha256: string): Promise<BlobInfo | null>;
  /** The blob's bytes (only `range` when given), or null when there is none with this hash. */
  read(sha256: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes the blob unless `isReferenced` says a file still points at it; true when it was deleted. */
  deleteIfUnreferenced(sha256: string, isReferenced: () => Promise<boolean>): Promise<boolean>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** True for a sha256 in the form blob keys use (64 lowercase hex digits); anything else never names a blob. */
export function isSha256(value: string): boolean {
  return SHA256_HEX.test(value);
}
