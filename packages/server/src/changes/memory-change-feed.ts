// Change feeds linked in memory: what one publishes, the others hear. For tests of several hubs in one process,
// and the shape every feed follows (a feed never hears its own messages).
import type { CacheChange, ChangeFeed } from "./change-feed.js";

/** A set of linked feeds. */
export interface MemoryChangeBus {
  /** A new feed on the bus. */
  feed(): ChangeFeed;
}

/** A new bus with no feeds yet. */
export function createMemoryChangeBus(): MemoryChangeBus {
  const feeds = new Set<Set<(change: CacheChange) => void>>();
  return {
    feed() {
      const listeners = new Set<(change: CacheChange) => void>();
      feeds.add(listeners);
      return {
        async publish(change) {
          for (const other of feeds) if (other !== listeners) for (const listen of [...other]) listen(change);
        },
        subscribe(listen) {
          listeners.add(listen);
          return () => listeners.delete(listen);
        },
        async close() {
          feeds.delete(listeners);
        },
      };
    },
  };
}
