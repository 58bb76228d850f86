// The JSON text of list pages, kept beside the pages the read cache keeps. Keyed weakly by a page's rows (the very
// array the read cache hands out), so it needs no invalidation of its own: whatever makes the read cache forget a
// page (a write here, a change heard from another process, expiry) makes the next read return new rows, which miss
// here, and the old text is collected with the old rows.

/** Serialised pages, keyed by their rows. */
export interface PageBodies {
  /** The text of `rows`, made by `serialize` the first time these rows are seen. */
  body(rows: readonly object[], serialize: () => string): string;
}

/** An empty set of serialised pages. */
export function createPageBodies(): PageBodies {
  const bodies = new WeakMap<readonly object[], string>();
  return {
    body(rows, serialize) {
      let text = bodies.get(rows);
      if (text === undefined) {
        text = serialize();
        bodies.set(rows, text);
      }
      return text;
    },
  };
}
