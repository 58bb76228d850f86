// The behaviour every BlobStore must have. A store's own test file calls `describeBlobStoreContract` with a harness,
// so a future S3-compatible store runs exactly the suite the local disk store runs.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BlobStore } from "../blobs/blob-store.js";
import { HubError } from "../errors.js";

/** A store under test and a view of the backend underneath it. */
export interface BlobStoreHarness {
  /** The store under test, empty. */
  store: BlobStore;
  /** Every object the backend holds, temporary ones included (paths or keys). */
  objects(): Promise<string[]>;
  /** Releases the backend (removes a temporary folder, drops a bucket). */
  close(): Promise<void>;
}

const sha = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("expected a stream, got null");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Yields `total` bytes in chunks, then optionally fails, the way a dropped connection does.
async function* chunks(total: number, options: { failAfter?: number; chunk?: number } = {}): AsyncGenerator<Buffer> {
  const size = options.chunk ?? 64 * 1024;
  for (let sent = 0; sent < total; sent += size) {
    if (options.failAfter !== undefined && sent >= options.failAfter) throw new Error("connection reset");
    yield Buffer.alloc(Math.min(size, total - sent), sent % 251);
  }
}

async function collect(generator: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of generator) parts.push(part);
  return Buffer.concat(parts);
}

/** Registers the shared BlobStore tests for the store `open` creates (a fresh, empty one per test). */
export function describeBlobStoreContract(name: string, open: () => Promise<BlobStoreHarness>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let harness: BlobStoreHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      await harness.close();
    });

    it("stores a body under its sha256 and reads it back", async () => {
      const body = Buffer.from("weights: 0.1 0.2 0.3\n");
      const info = await harness.store.put(Readable.from([body]));
      expect(info).toEqual({ sha256: sha(body), size: body.length });
      expect(await harness.store.stat(info.sha256)).toEqual(info);
      expect(await bytesOf(await harness.store.read(info.sha256))).toEqual(body);
    });

    it("hashes a multi-chunk body of several megabytes", async () => {
      const expected = await collect(chunks(5 * 1024 * 1024 + 17));
      const info = await harness.store.put(chunks(5 * 1024 * 1024 + 17));
      expect(info).toEqual({ sha256: sha(expected), size: expected.length });
      expect(sha(await bytesOf(await harness.store.read(info.sha256)))).toBe(sha(expected));
    });

    it("stores an empty body", async () => {
      const info = await harness.store.put(Readable.from([]));
      expect(info).toEqual({ sha256: sha(new Uint8Array()), size: 0 });
      expect((await bytesOf(await harness.store.read(info.sha256))).length).toBe(0);
    });

    it("keeps identical content once, even when written concurrently", async () => {
      const body = Buffer.from("same bytes");
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => harness.store.put(Readable.from([body]))));
      expect(a).toEqual(b);
      expect(b).toEqual(c);
      expect(await harness.objects()).toHaveLength(1);
    });

    it("reads an inclusive byte range", async () => {
      const info = await harness.store.put(Readable.from([Buffer.from("0123456789")]));
      expect((await bytesOf(await harness.store.read(info.sha256, { start: 2, end: 5 }))).toString()).toBe("2345");
      expect((await bytesOf(await harness.store.read(info.sha256, { start: 9, end: 9 }))).toString()).toBe("9");
    });

    it("refuses a body over the limit and leaves nothing behind", async () => {
      const failure = harness.store.put(chunks(300_000), { maxBytes: 200_000 });
      await expect(failure).rejects.toBeInstanceOf(HubError);
      await expect(failure).rejects.toMatchObject({ code: "payload_too_large" });
      expect(await harness.objects()).toEqual([]);
    });

    it("accepts a body of exactly the limit", async () => {
      const info = await harness.store.put(chunks(200_000), { maxBytes: 200_000 });
      expect(info.size).toBe(200_000);
    });

    it("leaves nothing behind when the source fails mid-body", async () => {
      await expect(harness.store.put(chunks(1_000_000, { failAfter: 300_000 }))).rejects.toThrow("connection reset");
      expect(await harness.objects()).toEqual([]);
    });

    it("leaves nothing behind when the write is aborted", async () => {
      const controller = new AbortController();
      async function* slow(): AsyncGenerator<Buffer> {
        yield Buffer.alloc(100_000, 1);
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 20));
        yield Buffer.alloc(100_000, 2);
      }
      await expect(harness.store.put(slow(), { signal: controller.signal })).rejects.toThrow();
      expect(await harness.objects()).toEqual([]);
    });

    it("does not show a staged blob until it is committed; discard removes it", async () => {
      const staged = await harness.store.stage(Readable.from([Buffer.from("staged")]));
      expect(await harness.store.stat(staged.sha256)).toBeNull();
      expect(await harness.store.read(staged.sha256)).toBeNull();
      await staged.discard();
      await staged.discard();
      expect(await harness.objects()).toEqual([]);

      const again = await harness.store.stage(Readable.from([Buffer.from("staged")]));
      await again.commit();
      await again.discard();
      expect(await harness.store.stat(again.sha256)).toEqual({ sha256: again.sha256, size: 6 });
    });

    it("deletes a blob only when nothing references it", async () => {
      const info = await harness.store.put(Readable.from([Buffer.from("shared")]));
      expect(await harness.store.deleteIfUnreferenced(info.sha256, async () => true)).toBe(false);
      expect(await harness.store.stat(info.sha256)).toEqual(info);
      expect(await harness.store.deleteIfUnreferenced(info.sha256, async () => false)).toBe(true);
      expect(await harness.store.stat(info.sha256)).toBeNull();
      expect(await harness.store.read(info.sha256)).toBeNull();
      expect(await harness.store.deleteIfUnreferenced(info.sha256, async () => false)).toBe(false);
      expect(await harness.objects()).toEqual([]);
    });

    it("never resolves a key that is not a sha256", async () => {
      await harness.store.put(Readable.from([Buffer.from("x")]));
      for (const key of ["../../etc/passwd", "", "A".repeat(64), `${"a".repeat(63)}/`, "a".repeat(65)]) {
        expect(await harness.store.stat(key)).toBeNull();
        expect(await harness.store.read(key)).toBeNull();
        expect(await harness.store.deleteIfUnreferenced(key, async () => false)).toBe(false);
      }
      expect(await harness.objects()).toHaveLength(1);
    });
  });
}
