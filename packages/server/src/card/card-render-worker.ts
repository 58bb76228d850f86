// The card render worker's entry (a node:worker_threads Worker started by card-render-pool.ts): renders one card, or
// works out one card's search words, per message. It says "ready" once its modules are loaded, so the pool's time
// budget counts the work, not start-up.
import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { cardWords } from "./card-words.js";
import { renderCard } from "./render-card.js";
import type { RenderOptions } from "./render-markdown.js";

/** A job the pool posts: render README.md's text with these link options, or work out its search words. */
export type CardWorkerJob =
  | {
      /** Render the card. */
      kind: "render";
      /** README.md's text. */
      source: string;
      /** Link and image options, as renderCardMarkdown takes them. */
      options: RenderOptions;
    }
  | {
      /** The card's search words (card-words.ts). */
      kind: "words";
      /** README.md's text. */
      source: string;
    };

function run(job: CardWorkerJob) {
  return job.kind === "render" ? renderCard(job.source, job.options) : cardWords(job.source);
}

// On Linux each thread has its own nice value: on a busy machine the thread answering requests goes first, and the
// render waits (within its budget). Elsewhere the worker keeps the process's priority.
function yieldToRequests(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId)) setPriority(threadId, constants.priority.PRIORITY_LOW);
  } catch {
    // No /proc or not permitted: same priority as the server.
  }
}

if (parentPort) {
  const port = parentPort;
  yieldToRequests();
  port.on("message", (job: CardWorkerJob) => port.postMessage(run(job)));
  port.postMessage("ready");
}
