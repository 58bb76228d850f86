// One-shot compressors that remember their last output per input buffer. A cached list page is sent as the same
// Buffer every time (cache/page-bodies.ts), so it is compressed once per encoding, not once per request; a fresh
// body's entry is collected with the body. Bodies are never changed once handed to Fastify, so an entry stays true.
import { type BrotliOptions, brotliCompressSync, gzipSync, type ZlibOptions } from "node:zlib";

type Compress<O> = (input: Buffer, options?: O) => Buffer;

/** `compress`, answering again from memory for an input buffer it has already compressed. */
export function memoizeByInput<O>(compress: Compress<O>): Compress<O> {
  const done = new WeakMap<Buffer, Buffer>();
  return (input, options) => {
    let output = done.get(input);
    if (output === undefined) {
      output = compress(input, options);
      done.set(input, output);
    }
    return output;
  };
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
