// Answers of a pure function kept by argument, for values asked for again and again on hot paths (a query string, a
// file path, a model id): no clock, no recency list, one Map lookup per hit. Bounded by forgetting everything when
// full, which costs a few misses and never a wrong answer.

/** A memo of at most `max` answers: `memo(key, make)` is `make(key)`, made once per key while kept. */
export type BoundedMemo<K, V> = (key: K, make: (key: K) => V) => V;

/** An empty memo; every `make` given to it for one key must be pure and give the same answer, never changed after. */
export function boundedMemo<K, V>(max: number): BoundedMemo<K, V> {
  const kept = new Map<K, V>();
  return (key, make) => {
    let value = kept.get(key);
    if (value === undefined && !kept.has(key)) {
      value = make(key);
      if (kept.size >= max) kept.clear();
      kept.set(key, value);
    }
    return value as V;
  };
}
