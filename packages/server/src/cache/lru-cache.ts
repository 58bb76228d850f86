/** A bounded map whose entries expire: the least recently used entry goes first when full. */
export interface LruCache<K, V> {
  /** The live value of `key`, or undefined. */
  get(key: K): V | undefined;
  /** Stores `value` for `key`. */
  set(key: K, value: V): void;
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
  const entries = new Map<K, { value: V; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= options.max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expires: now() + options.ttlMs });
    },
    deleteWhere(matches) {
      for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
