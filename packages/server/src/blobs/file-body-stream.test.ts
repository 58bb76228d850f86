import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { type FileHandle, mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileBodyOptions, FileBodyStream } from "./file-body-stream.js";

const CHUNK = 16 * 1024;
// Hundreds of chunks, far more than loopback socket buffers hold while the client waits: writes stay pending.
const bytes = randomBytes(8 * 1024 * 1024 + 123);
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "modelhub-file-body-"));
  file = join(dir, "weights.bin");
  await writeFile(file, bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function collect(stream: FileBodyStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Opens the file, recording every buffer its reads fill. */
async function openCounting(buffers: Set<Buffer>): Promise<FileHandle> {
  const handle = await open(file, "r");
  const read = handle.read.bind(handle) as (...args: unknown[]) => unknown;
  handle.read = ((buffer: Buffer, ...rest: unknown[]) => {
    buffers.add(buffer);
    return read(buffer, ...rest);
  }) as FileHandle["read"];
  return handle;
}

/** A node:http server piping one FileBodyStream into each response, and the handles and streams it made. */
async function fileServer(options: Omit<FileBodyOptions, "chunkBytes">, buffers = new Set<Buffer>()) {
  const handles: FileHandle[] = [];
  const streams: FileBodyStream[] = [];
  const server = createServer(async (_req, res) => {
    const handle = await openCounting(buffers);
    handles.push(handle);
    const stream = new FileBodyStream(handle, { ...options, chunkBytes: CHUNK });
    streams.push(stream);
    stream.pipe(res);
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, handles, streams, buffers, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** GETs `url` but starts reading only after `waitMs`, so the server's writes back up; resolves with the body. */
function slowGet(url: string, waitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res: IncomingMessage) => {
      res.pause();
      const chunks: Buffer[] = [];
      setTimeout(() => {
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.once("end", () => resolve(Buffer.concat(chunks)));
        res.resume();
      }, waitMs);
    })
      .once("error", reject)
      .end();
  });
}

describe("FileBodyStream", () => {
  it("reads a whole file, or an inclusive range of it, for any consumer", async () => {
    const whole = new FileBodyStream(await open(file, "r"), { start: 0, chunkBytes: CHUNK });
    expect((await collect(whole)).equals(bytes)).toBe(true);
    const part = new FileBodyStream(await open(file, "r"), { start: 5, end: 3 * CHUNK + 7, chunkBytes: CHUNK });
    expect((await collect(part)).equals(bytes.subarray(5, 3 * CHUNK + 8))).toBe(true);
  });

  it("sends the exact bytes into an HTTP response that reads slowly, reading into two buffers only", async () => {
    const server = await fileServer({ start: 0 });
    try {
      expect((await slowGet(server.url, 200)).equals(bytes)).toBe(true);
      // A buffer reused before the socket took its bytes would have corrupted the body above.
      expect(server.buffers.size).toBe(2);
      expect(server.handles[0]?.fd).toBe(-1);
    } finally {
      await server.close();
    }
  });

  it("sends a range into an HTTP response", async () => {
    const server = await fileServer({ start: CHUNK - 3, end: 300 * CHUNK + 11 });
    try {
      expect((await slowGet(server.url, 100)).equals(bytes.subarray(CHUNK - 3, 300 * CHUNK + 12))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("closes the file when the client goes away mid-download", async () => {
    const server = await fileServer({ start: 0 });
    try {
      await new Promise<void>((resolve) => {
        const req = request(server.url, { agent: false }, (res) => res.once("data", () => req.destroy()));
        req.once("close", () => resolve());
        req.end();
      });
      const stream = server.streams[0] as FileBodyStream;
      if (!stream.closed) await once(stream, "close");
      expect(server.handles[0]?.fd).toBe(-1);
    } finally {
      await server.close();
    }
  });
});
