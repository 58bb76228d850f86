import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/** The lines of a UTF-8 text file, streamed. */
export function readLines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Number.POSITIVE_INFINITY });
}
