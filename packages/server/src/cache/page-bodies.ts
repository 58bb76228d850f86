// The JSON of list pages, as the bytes sent, kept beside the pages the read cache keeps. Keyed weakly by a page's rows (the very
// array the read cache hands out), so it needs no invalidation of its own: whatever makes the read cache forget a
// page (a write here, a change heard from another process, expiry) makes the next read return new rows, which miss
// here, and the old text is collected with the old rows. Kept from a page's second send (see weak-memo.ts).
import { weakMemo } from "./weak-memo.js";

/** Serialised pages, keyed by their rows. */
export interface PageBodies {
  /** The UTF-8 bytes of `rows`' text, made by `serialize`; made again until these rows are sent a second time. */
  body(rows: readonly object[], serialize: () => string): Buffer;
}

/** An empty set of serialised pages. */
export function createPageBodies(): PageBodies {
  // Bytes, not text: a string body is measured and encoded again on every send.
  const bodies = weakMemo<readonly object[], Buffer>();
  return { body: (rows, serialize) => bodies(rows, () => Buffer.from(serialize())) };
}
