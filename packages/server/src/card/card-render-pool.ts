// Renders cards (and works out their search words) in one worker thread, one job at a time, each within a time
// budget: a job that takes longer has its worker terminated (a fresh one starts for the next job) and the card comes
// back `too_large` (its words empty), so no card, however hostile, holds the server's event loop, or the worker for
// longer than the budget.
import type { Worker } from "node:worker_threads";
import { startModuleWorker } from "../workers/start-module-worker.js";
import type { CardWorkerJob } from "./card-render-worker.js";
import type { CardRender } from "./render-card.js";
import type { RenderOptions } from "./render-markdown.js";

/** Default time budget of one card, in ms (MODELHUB_CARD_RENDER_TIMEOUT_MS). */
export const DEFAULT_CARD_RENDER_TIMEOUT_MS = 10_000;

/** Heap of the worker: a card whose rendering needs more is `too_large` too. */
const WORKER_HEAP_MB = 512;

/** Limits of the pool. */
export interface CardRenderPoolOptions {
  /** Longest rendering of one card, in ms, counted from the moment the worker gets it. */
  timeoutMs: number;
  /** Largest card, in UTF-8 bytes; a bigger one is `too_large` without being parsed. */
  maxBytes: number;
}

/** The render worker, shared by every card of the hub. */
export interface CardRenderPool {
  /** The card `source` rendered off the event loop; queued behind the jobs already waiting. */
  render(source: string, options: RenderOptions): Promise<CardRender>;
  /** The search words of card `source` (card-words.ts), worked out off the event loop; "" past the budget. */
  words(source: string): Promise<string>;
  /** Stops the worker; renders still queued fail. */
  close(): Promise<void>;
}

/** The `too_large` answer, naming the limit that was hit. */
export function tooLarge(limit: string): CardRender {
  return { status: "too_large", message: `README.md is too large to render (${limit}); download it to read it` };
}

function startWorker(): Worker {
  const worker = startModuleWorker(import.meta.url, "card-render-worker", {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // An idle worker does not keep the process alive; a job in flight holds its timer, which does.
  worker.unref();
  return worker;
}

// Resolves once the worker has loaded its modules (its "ready" message).
function ready(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = () => done(resolve);
    const onError = (error: Error) => done(() => reject(error));
    const onExit = (code: number) => done(() => reject(new Error(`card render worker exited (${code}) at start`)));
    const done = (then: () => void) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      then();
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
}

/** A pool of one render worker (started on first use) with `options`' limits. */
export function createCardRenderPool(options: CardRenderPoolOptions): CardRenderPool {
  let current: { worker: Worker; ready: Promise<void> } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const discard = (worker: Worker): void => {
    if (current?.worker === worker) current = null;
    void worker.terminate();
  };

  // Runs `job` in the worker; `overBudget` answers when it takes too long (or needs too much memory).
  async function run<T>(job: CardWorkerJob, overBudget: (limit: string) => T): Promise<T> {
    if (closed) throw new Error("the card render pool is closed");
    if (!current) {
      const worker = startWorker();
      current = { worker, ready: ready(worker) };
    }
    const { worker } = current;
    try {
      await current.ready;
    } catch (error) {
      discard(worker);
      throw error;
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        discard(worker);
        finish(() => resolve(overBudget(`it did not render within ${options.timeoutMs / 1000} s`)));
      }, options.timeoutMs);
      const onMessage = (result: T) => finish(() => resolve(result));
      const onError = (error: Error & { code?: string }) => {
        discard(worker);
        finish(() =>
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? resolve(overBudget(`it needs more than ${WORKER_HEAP_MB} MB to render`))
            : reject(error),
        );
      };
      const onExit = (code: number) => {
        discard(worker);
        finish(() => reject(new Error(`card render worker exited (${code})`)));
      };
      const finish = (then: () => void) => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        then();
      };
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage(job);
    });
  }

  // One job at a time, in the order asked.
  function queued<T>(job: CardWorkerJob, overBudget: (limit: string) => T): Promise<T> {
    const next = queue.then(() => run(job, overBudget));
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    render(source, renderOptions) {
      if (Buffer.byteLength(source) > options.maxBytes) {
        return Promise.resolve(tooLarge(`it is larger than ${options.maxBytes} bytes`));
      }
      return queued({ kind: "render", source, options: renderOptions }, tooLarge);
    },
    words(source) {
      if (Buffer.byteLength(source) > options.maxBytes) return Promise.resolve("");
      return queued({ kind: "words", source }, () => "");
    },
    async close() {
      closed = true;
      const worker = current?.worker;
      current = null;
      if (worker) await worker.terminate();
    },
  };
}
