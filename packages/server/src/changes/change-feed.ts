// What one hub process tells the others after a write, so each drops what its caches hold of it. The message is
// small (PostgreSQL NOTIFY payloads stop at 8000 bytes): the ids of the models written, or "everything".
import { randomUUID } from "node:crypto";

/** A write other processes must forget: some models (their records and every list), or everything. */
export type CacheChange = { readonly models: readonly string[] } | { readonly all: true };

/** Everything changed: a bulk load, a missed notification, a reconnect. */
export const ALL_CHANGED: CacheChange = { all: true };

/** Most ids in one message; a write touching more says "everything" instead. */
export const MAX_IDS_PER_CHANGE = 50;

/** Longest list of ids in one message, in bytes (NOTIFY payloads stop at 8000). */
export const MAX_CHANGE_BYTES = 6_000;

/** Hears of other processes' writes and tells them of this one's. */
export interface ChangeFeed {
  /** Tells the other processes of `change`; never throws (a lost message is logged, caches still expire). */
  publish(change: CacheChange): Promise<void>;
  /** Calls `listener` for each change another process published; returns the unsubscribe function. */
  subscribe(listener: (change: CacheChange) => void): () => void;
  /** Stops listening and closes connections. */
  close(): Promise<void>;
}

/** The change of a write touching `ids`: the ids, or everything when they are many. */
export function changeOf(ids: readonly string[]): CacheChange {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_IDS_PER_CHANGE) return ALL_CHANGED;
  return Buffer.byteLength(JSON.stringify(unique)) > MAX_CHANGE_BYTES ? ALL_CHANGED : { models: unique };
}

/** A process's own mark, so it skips its own messages (its caches forgot at the write already). */
export function newOrigin(): string {
  return randomUUID().slice(0, 8);
}

/** The message text of `change` sent by `origin`. */
export function encodeChange(origin: string, change: CacheChange): string {
  return JSON.stringify("all" in change ? { o: origin, all: true } : { o: origin, m: change.models });
}

/**
 * The change in a message and who sent it; a message the hub cannot read means "everything" (forgetting too much
 * is safe, too little is not).
 */
export function decodeChange(text: string): { origin: string | null; change: CacheChange } {
  try {
    const message = JSON.parse(text) as { o?: unknown; m?: unknown; all?: unknown };
    const origin = typeof message.o === "string" ? message.o : null;
    if (Array.isArray(message.m) && message.m.every((id) => typeof id === "string")) {
      return { origin, change: { models: message.m as string[] } };
    }
    return { origin, change: ALL_CHANGED };
  } catch {
    return { origin: null, change: ALL_CHANGED };
  }
}
