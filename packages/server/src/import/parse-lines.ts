// The lines of an import parsed and validated, in order and in chunks: in the calling thread, or in worker threads a few
// chunks ahead of the caller, whose database writes (synchronous on SQLite) then overlap the parsing instead of following
// it. Chunks, not lines, because the caller's thread is what an import waits on: a promise and a generator step per line
// were about 2 µs of its time per line (300,000 lines: 8.9 s busy before, 8.3 s after).
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { startModuleWorker } from "../workers/start-module-worker.js";
import { unpackChunk } from "./packed-chunk.js";
import { type ParsedChunk, parsedLine } from "./parse-model-line.js";
import type { ParseAnswer, ParseJob } from "./parse-worker.js";

/** Lines per message to the worker: large enough to amortise the message, small enough to stay a few ahead. */
export const PARSE_CHUNK_LINES = 2_000;

/** Chunks each worker may hold beyond the one being consumed. */
const CHUNKS_AHEAD_PER_WORKER = 4;

/**
 * Parse workers of an import: one per core. Parsing and validating a record costs about twice what writing it does
 * (a million records: 76 s of CPU in the worker, 35 s of writes on the calling thread), so with one worker the writes
 * waited on it; two share the parsing and keep both cores busy.
 */
export const PARSE_WORKERS = Math.max(1, Math.min(availableParallelism(), 4));

/** Each line parsed, in the calling thread, in chunks of `chunkLines`; `now` fills in missing dates. */
export async function* parseLines(
  lines: AsyncIterable<string> | Iterable<string>,
  now: () => Date,
  chunkLines = PARSE_CHUNK_LINES,
): AsyncGenerator<ParsedChunk> {
  let chunk: ParsedChunk = [];
  for await (const text of lines) {
    chunk.push(parsedLine(text, now()));
    if (chunk.length < chunkLines) continue;
    yield chunk;
    chunk = [];
  }
  if (chunk.length > 0) yield chunk;
}

type Waiter = { resolve: (parsed: ParsedChunk) => void; reject: (error: Error) => void };

/** As parseLines, in `workerCount` worker threads taking chunks in turn; a failure of a worker fails the iteration. */
export async function* parseLinesInWorker(
  lines: AsyncIterable<string> | Iterable<string>,
  now: () => Date,
  chunkLines = PARSE_CHUNK_LINES,
  workerCount = PARSE_WORKERS,
): AsyncGenerator<ParsedChunk> {
  const waiting = new Map<number, Waiter>();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.values()) waiter.reject(failure);
    waiting.clear();
  };
  const workers: Worker[] = Array.from({ length: workerCount }, () => {
    const worker = startModuleWorker(import.meta.url, "parse-worker");
    worker.on("message", (answer: ParseAnswer) => {
      waiting.get(answer.id)?.resolve(unpackChunk(answer.packed));
      waiting.delete(answer.id);
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a parse worker stopped (exit code ${code})`)));
    return worker;
  });
  let nextId = 0;
  const submit = (chunk: string[]) => {
    const answer = new Promise<ParsedChunk>((resolve, reject) => {
      if (failure) {
        reject(failure);
        return;
      }
      const job: ParseJob = { id: nextId++, lines: chunk, now: now().toISOString() };
      waiting.set(job.id, { resolve, reject });
      // Chunks go to the workers in turn and are consumed in the order they were sent, so lines keep their order.
      (workers[job.id % workers.length] as Worker).postMessage(job);
    });
    // Awaited in turn below; a failure before its turn is not an unhandled rejection meanwhile.
    answer.catch(() => {});
    return answer;
  };

  const source = (async function* () {
    yield* lines;
  })();
  let ended = false;
  const readChunk = async () => {
    const chunk: string[] = [];
    while (chunk.length < chunkLines) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      chunk.push(next.value);
    }
    return chunk;
  };
  const queue: Promise<ParsedChunk>[] = [];
  try {
    for (;;) {
      while (!ended && queue.length <= CHUNKS_AHEAD_PER_WORKER * workers.length) {
        const chunk = await readChunk();
        if (chunk.length > 0) queue.push(submit(chunk));
      }
      const head = queue.shift();
      if (!head) return;
      yield await head;
    }
  } finally {
    await Promise.all(
      workers.map((worker) => {
        worker.removeAllListeners("exit");
        return worker.terminate();
      }),
    );
    await source.return(undefined);
  }
}
