import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/**
 * The lines of a UTF-8 text file, streamed. The file is opened when iteration starts: readline emits lines as soon
 * as its input flows, iterated or not, so lines read while the caller awaits something else (a PostgreSQL round
 * trip before the first batch) would be lost.
 */
export async function* readLines(path: string): AsyncIterable<string> {
  yield* createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Number.POSITIVE_INFINITY });
}
