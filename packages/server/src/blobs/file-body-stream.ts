// A stored file's bytes (or an inclusive range of them) as a Readable. Piped into an HTTP response — what Fastify
// does with a streamed reply — it reads into two buffers that it reuses, each once the socket has taken the bytes
// written from it: a 1 GiB download then allocates 2 MiB instead of a fresh 1 MiB buffer per read. Those fresh
// buffers were the hub's extra cost over a bare file server: memory outside V8's heap that makes V8 collect garbage
// again and again, and once a buffer still in the socket's hands outlives two young collections, full collections
// of the hub's whole heap (measured: a download at 3–4 s CPU per GiB where a bare server needs 1–2).
import type { FileHandle } from "node:fs/promises";
import { ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** Where to read. */
export interface FileBodyOptions {
  /** First byte, 0-based. */
  start: number;
  /** Last byte, inclusive; reads to the end of the file when absent. */
  end?: number;
  /** Bytes per read. */
  chunkBytes: number;
}

/** Reads a file through `handle`, which it closes when done, failed or destroyed. */
export class FileBodyStream extends Readable {
  private readonly handle: FileHandle;
  private readonly chunkBytes: number;
  private readonly last: number;
  private position: number;
  /** Set once either way of reading has started: the other one is then off. */
  private started = false;

  constructor(handle: FileHandle, options: FileBodyOptions) {
    super({ highWaterMark: options.chunkBytes });
    this.handle = handle;
    this.chunkBytes = options.chunkBytes;
    this.position = options.start;
    this.last = options.end ?? Number.POSITIVE_INFINITY;
  }

  /** Bytes still to read, up to one chunk. */
  private nextLength(): number {
    return Math.min(this.chunkBytes, this.last - this.position + 1);
  }

  /** Reads at most `buffer.length` bytes at the current position; 0 at the end of the file or the range. */
  private async readInto(buffer: Buffer): Promise<number> {
    const length = Math.min(buffer.length, this.nextLength());
    if (length <= 0) return 0;
    const { bytesRead } = await this.handle.read(buffer, 0, length, this.position);
    this.position += bytesRead;
    return bytesRead;
  }

  // Any other consumer (for await, a Transform, a file): a fresh buffer per read, as fs.createReadStream does,
  // since nothing tells this stream when such a consumer is done with a chunk.
  override _read(): void {
    this.started = true;
    const buffer = Buffer.allocUnsafe(Math.max(0, this.nextLength()));
    this.readInto(buffer).then(
      (n) => this.push(n === 0 ? null : n === buffer.length ? buffer : buffer.subarray(0, n)),
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  /**
   * Into an HTTP response that nothing has read from this stream yet: the two-buffer pump. A ServerResponse calls a
   * write's callback once its socket has handed the bytes to the kernel (or copied them, as a test's injected
   * response does), so the buffer is free again then. Anything else gets Readable's own pipe.
   */
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (!(destination instanceof ServerResponse) || this.started || this.readableFlowing !== null) {
      return super.pipe(destination, options);
    }
    this.started = true;
    this.pumpInto(destination, options?.end !== false);
    return destination;
  }

  private pumpInto(response: ServerResponse, endResponse: boolean): void {
    const size = Math.max(1, Math.min(this.chunkBytes, this.nextLength()));
    const free = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)];
    let reading = false;
    let ended = false;
    // A client gone mid-download: stop and close the file (Fastify also destroys its payload then; a bare pipe not).
    response.once("close", () => {
      if (!ended) this.destroy();
    });
    // Reads into a free buffer while the other one's bytes are still going out; stops at the end or on destroy.
    const next = (): void => {
      if (reading || ended || this.destroyed) return;
      const buffer = free.pop();
      if (!buffer) return;
      reading = true;
      this.readInto(buffer).then(
        (n) => {
          reading = false;
          if (this.destroyed) return;
          if (n === 0) {
            ended = true;
            // Readable's end, as a pipe would see it: 'end' (which ends the response), then 'close'.
            if (endResponse) this.once("end", () => response.end());
            this.push(null);
            this.resume();
            return;
          }
          response.write(n === buffer.length ? buffer : buffer.subarray(0, n), (error) => {
            if (error) return this.destroy(error);
            free.push(buffer);
            next();
          });
          next();
        },
        (error: Error) => this.destroy(error),
      );
    };
    next();
  }
}
