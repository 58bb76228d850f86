/** A bounded map whose entries expire: the least recently used entry goes first when full. */
export interface LruCache<K, V> {
  /** The live value of `key`, or undefined. */
  get(key: K): V | undefined;
  /** Stores `value` for `key`. */
  set(key: K, value: V): void;
  /** Forgets `key`. */
  delete(key: K): void;
  /** Forgets every key `matches` accepts. */
  deleteWhere(matches: (key: K) => boolean): void;
  /** Forgets everything. */
  clear(): void;
}

/** Size and lifetime of a cache; `now` is injectable for tests. */
export interface LruOptions {
  /** Most entries kept. */
  max: number;
  /** Milliseconds an entry stays valid. */
  ttlMs: number;
  /** Clock. */
  now?: () => number;
}

/** A new, empty LRU cache. */
export function createLruCache<K, V>(options: LruOptions): LruCache<K, V> {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; re-inserting on read makes the first key the least recently used.
  const entries = new Map<K, { value: V; expires: number; moved: number }>();
  // Moves to the recent end so far (sets and re-inserting reads). A read re-inserts only an entry that has fallen
  // into the older half since its last move: a hot entry is read many times between moves, and a delete plus a set
  // per read was the cache's main cost. An entry read is still the last to go among at least max/2 others.
  let moves = 0;
  const half = Math.max(1, Math.floor(options.max / 2));
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      if (moves - entry.moved >= half) {
        entries.delete(key);
        entry.moved = ++moves;
        entries.set(key, entry);
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= options.max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expires: now() + options.ttlMs, moved: ++moves });
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(matches) {
      for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
