import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { memoizeByInput, memoizedCompressors } from "./memoized-compressors.js";

describe("memoizeByInput", () => {
  it("compresses a buffer twice however often it is sent, and each new buffer anew", () => {
    const calls: Buffer[] = [];
    const compress = memoizeByInput((input: Buffer) => {
      calls.push(input);
      return gzipSync(input);
    });
    const page = Buffer.from(JSON.stringify([{ id: "acme/model" }]));
    // Sent once, nothing is kept: the second send compresses again, and that output is kept.
    const once = compress(page);
    const first = compress(page);
    expect(compress(page)).toBe(first);
    expect(calls).toEqual([page, page]);
    expect(once.equals(first)).toBe(true);
    // Equal bytes in another buffer are another body: identity, not content, is the key.
    const copy = Buffer.from(page);
    expect(compress(copy)).not.toBe(first);
    expect(calls).toHaveLength(3);
    expect(gunzipSync(first).equals(page)).toBe(true);
  });
});

describe("memoizedCompressors", () => {
  it("keeps brotli and gzip apart for the same body", () => {
    const { brotliCompressSync, gzipSync: gzip } = memoizedCompressors();
    const body = Buffer.from("x".repeat(2048));
    const br = brotliCompressSync(body);
    const gz = gzip(body);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.equals(gz)).toBe(false);
  });
});
