// Counts downloads in memory and writes them in batches, so a file response never waits for, or fails on, the
// database. A batch is written every `flushIntervalMs` or once `maxPendingEvents` downloads wait, whichever is first.
import { dayTeller } from "./download-day.js";

/** Downloads to add to one model on one day. */
export interface DownloadIncrement {
  /** The model id. */
  modelId: string;
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  /** How many downloads to add. */
  count: number;
}

/** How a counter writes and how often. */
export interface DownloadCounterOptions {
  /** Adds the increments to storage in one atomic step (e.g. `Store.addDownloads`). */
  write(increments: readonly DownloadIncrement[]): Promise<void>;
  /** Longest wait before buffered downloads are written; default 1000 ms. */
  flushIntervalMs?: number;
  /** Downloads buffered before a write starts at once; default 1000. */
  maxPendingEvents?: number;
  /** Told about a failed write; the increments stay buffered and are retried with the next batch. */
  onError?(error: unknown): void;
  /** The clock that decides the day of a download. */
  now?(): Date;
}

/** A buffer of downloads that writes itself in batches. */
export interface DownloadCounter {
  /** Counts one download of `modelId` now; synchronous, never throws, never waits. */
  record(modelId: string): void;
  /** Writes everything buffered; resolves when storage has it (or the write failed and it is buffered again). */
  flush(): Promise<void>;
  /** Number of downloads buffered and not yet written. */
  pending(): number;
  /** Stops the timer and writes what is buffered; later `record` calls are ignored. */
  close(): Promise<void>;
}

const keyOf = (modelId: string, day: string): string => `${day}\n${modelId}`;

const byModelThenDay = (a: DownloadIncrement, b: DownloadIncrement): number =>
  a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0;

/** Writes tried when closing before buffered downloads are given up, and the pause between them (growing). */
const CLOSE_ATTEMPTS = 5;
const CLOSE_RETRY_MS = 100;

/** A batching download counter writing through `options.write`. */
export function createDownloadCounter(options: DownloadCounterOptions): DownloadCounter {
  const interval = options.flushIntervalMs ?? 1_000;
  const maxPending = options.maxPendingEvents ?? 1_000;
  const now = options.now ?? (() => new Date());
  const dayOf = dayTeller();
  let buffer = new Map<string, DownloadIncrement>();
  let pendingEvents = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // Writes run one after another, so a slow write never races the next batch.
  let writing: Promise<void> = Promise.resolve();

  const add = (increment: DownloadIncrement): void => {
    const key = keyOf(increment.modelId, increment.day);
    const existing = buffer.get(key);
    if (existing) existing.count += increment.count;
    else buffer.set(key, { ...increment });
    pendingEvents += increment.count;
  };

  const schedule = (): void => {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), interval);
    // A pending batch must not keep a finished process alive; `close` writes it.
    timer.unref();
  };

  const writeBatch = async (): Promise<void> => {
    if (buffer.size === 0) return;
    // In one order everywhere: hub processes flushing at once lock the same rows in the same order, so their
    // transactions queue instead of deadlocking (PostgreSQL would abort one).
    const batch = [...buffer.values()].sort(byModelThenDay);
    buffer = new Map();
    pendingEvents = 0;
    try {
      await options.write(batch);
    } catch (error) {
      for (const increment of batch) add(increment);
      options.onError?.(error);
      schedule();
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writeBatch);
    return writing;
  };

  return {
    record(modelId) {
      if (closed) return;
      add({ modelId, day: dayOf(now()), count: 1 });
      if (pendingEvents >= maxPending) void flush();
      else schedule();
    },
    flush,
    pending: () => pendingEvents,
    async close() {
      closed = true;
      // The last chance to write: a failed batch (a lost connection, a deadlock) is tried again a few times.
      for (let attempt = 0; attempt < CLOSE_ATTEMPTS; attempt++) {
        await flush();
        if (pendingEvents === 0) return;
        await new Promise((resolve) => setTimeout(resolve, CLOSE_RETRY_MS * (attempt + 1)));
      }
    },
  };
}
