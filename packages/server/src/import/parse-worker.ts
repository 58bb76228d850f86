// The parse worker's entry (a node:worker_threads Worker started by parse-in-worker.ts): parses and validates one
// chunk of JSON Lines per message, so an import's writes on the main thread overlap the parsing of what follows.
import { parentPort } from "node:worker_threads";
import { type PackedChunk, packChunk } from "./packed-chunk.js";
import { parsedLine } from "./parse-model-line.js";

/** A chunk to parse: `now` (ISO) fills in missing dates. */
export interface ParseJob {
  /** Answered with the same id. */
  id: number;
  /** The chunk's lines, in order. */
  lines: string[];
  /** The time of the import, for records without dates. */
  now: string;
}

/** The chunk's lines parsed, in order. */
export interface ParseAnswer {
  /** The job's id. */
  id: number;
  /** One entry per line (null for a blank one), in the flat form the writing thread reads fastest. */
  packed: PackedChunk;
}

parentPort?.on("message", (job: ParseJob) => {
  const now = new Date(job.now);
  const packed = packChunk(job.lines.map((text) => parsedLine(text, now)));
  parentPort?.postMessage({ id: job.id, packed } satisfies ParseAnswer);
});
