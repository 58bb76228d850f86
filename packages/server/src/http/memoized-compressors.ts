// One-shot compressors that remember their output per input buffer. A cached list page is sent as the same Buffer
// every time (cache/page-bodies.ts), so it is compressed twice per encoding (see cache/weak-memo.ts), not once per
// request; a body sent once keeps nothing. Bodies are never changed once handed to Fastify, so an entry stays true.
import { type BrotliOptions, brotliCompressSync, gzipSync, type ZlibOptions } from "node:zlib";
import { weakMemo } from "../cache/weak-memo.js";

type Compress<O> = (input: Buffer, options?: O) => Buffer;

/** `compress`, answering from memory for an input buffer from the third time it is compressed. */
export function memoizeByInput<O>(compress: Compress<O>): Compress<O> {
  const done = weakMemo<Buffer, Buffer>();
  return (input, options) => done(input, () => compress(input, options));
}

/**
 * The synchronous compressors @fastify/compress takes as its `zlib` option (its stream compressors stay Node's own).
 * Each encoding's options are fixed per server, so an input's output does not depend on them.
 */
export function memoizedCompressors(): {
  brotliCompressSync: Compress<BrotliOptions>;
  gzipSync: Compress<ZlibOptions>;
} {
  return { brotliCompressSync: memoizeByInput(brotliCompressSync), gzipSync: memoizeByInput(gzipSync) };
}
