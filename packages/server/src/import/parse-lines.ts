// The lines of an import parsed and validated, in order: in the calling thread, or in a worker thread a few chunks
// ahead of the caller, whose database writes (synchronous on SQLite) then overlap the parsing instead of following it.
import { startModuleWorker } from "../workers/start-module-worker.js";
import type { ParsedLine } from "./parse-model-line.js";
import { parseModelLine } from "./parse-model-line.js";
import type { ParseAnswer, ParseJob } from "./parse-worker.js";

/** Lines per message to the worker: large enough to amortise the message, small enough to stay a few ahead. */
export const PARSE_CHUNK_LINES = 2_000;

/** Chunks the worker may hold beyond the one being consumed. */
const CHUNKS_AHEAD = 4;

/** Each line parsed (null for a blank one), in the calling thread; `now` fills in missing dates. */
export async function* parseLines(
  lines: AsyncIterable<string> | Iterable<string>,
  now: () => Date,
): AsyncGenerator<ParsedLine | null> {
  for await (const text of lines) yield text.trim() === "" ? null : parseModelLine(text, now());
}

type Waiter = { resolve: (parsed: (ParsedLine | null)[]) => void; reject: (error: Error) => void };

/** As parseLines, in a worker thread; a failure of the worker fails the iteration. */
export async function* parseLinesInWorker(
  lines: AsyncIterable<string> | Iterable<string>,
  now: () => Date,
  chunkLines = PARSE_CHUNK_LINES,
): AsyncGenerator<ParsedLine | null> {
  const worker = startModuleWorker(import.meta.url, "parse-worker");
  const waiting = new Map<number, Waiter>();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.values()) waiter.reject(failure);
    waiting.clear();
  };
  worker.on("message", (answer: ParseAnswer) => {
    waiting.get(answer.id)?.resolve(answer.parsed);
    waiting.delete(answer.id);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the parse worker stopped (exit code ${code})`)));
  let nextId = 0;
  const submit = (chunk: string[]) => {
    const answer = new Promise<(ParsedLine | null)[]>((resolve, reject) => {
      if (failure) {
        reject(failure);
        return;
      }
      const job: ParseJob = { id: nextId++, lines: chunk, now: now().toISOString() };
      waiting.set(job.id, { resolve, reject });
      worker.postMessage(job);
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
  const queue: Promise<(ParsedLine | null)[]>[] = [];
  try {
    for (;;) {
      while (!ended && queue.length <= CHUNKS_AHEAD) {
        const chunk = await readChunk();
        if (chunk.length > 0) queue.push(submit(chunk));
      }
      const head = queue.shift();
      if (!head) return;
      yield* await head;
    }
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
    await source.return(undefined);
  }
}
