import { createReadStream, statSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

/** Lines to import, and how far through its input the reader is. */
export interface LineSource {
  /** The lines, streamed. */
  lines: AsyncIterable<string>;
  /** Size of the input in bytes, when known (a file; not stdin). */
  totalBytes: number | null;
  /** Bytes read so far. */
  bytesRead(): number;
}

/** A JSON Lines file, or stdin for `-`. Throws a message naming the file when it cannot be read. */
export function openJsonLines(path: string, stdin: Readable = process.stdin): LineSource {
  let totalBytes: number | null = null;
  let open = (): Readable => stdin;
  if (path !== "-") {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${path}: no such file`);
    if (stat.isDirectory()) throw new Error(`${path} is a directory; expected a JSON Lines file (one record per line)`);
    totalBytes = stat.size;
    open = () => createReadStream(path);
  }
  let bytes = 0;
  // The input starts flowing only when iteration starts: readline emits lines as soon as its input flows, iterated
  // or not, so lines read while the import opens the database (a PostgreSQL round trip) would be lost.
  async function* lines(): AsyncIterable<string> {
    const input = open();
    input.on("data", (chunk: Buffer | string) => {
      bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    });
    yield* createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  }
  return { lines: lines(), totalBytes, bytesRead: () => bytes };
}
