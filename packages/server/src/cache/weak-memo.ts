// Answers kept beside the object they were made from, and only once that object is asked about a second time.
//
// A WeakMap holds each value through V8's minor collections even when its key has died (a scavenge copies the value
// before it drops the entry), and maps chained one into the next (a page's rows -> their JSON -> its compressed
// forms) carry a value through enough of them to be promoted to the old generation, where it waits for a full
// collection. For the list's bodies that was 40 MiB of Buffers at a time, allocated by malloc, on a hub answering
// distinct requests, and glibc kept the heap they had grown: RSS 154 -> 233 MiB over 3,200 requests at a million
// models. Most pages are asked for once; they now leave nothing in the map, and a popular page is made twice, then
// answered from memory.

/** `memo(key, make)` is `make()`, kept for `key` (weakly) from the second time `key` is asked about. */
export type WeakMemo<K extends object, V> = (key: K, make: () => V) => V;

/** An empty memo; every `make` given to it for one key must give the same answer, never changed after. */
export function weakMemo<K extends object, V>(): WeakMemo<K, V> {
  const kept = new WeakMap<K, V>();
  // A WeakSet's entries hold no value, so a key seen once keeps nothing alive.
  const seen = new WeakSet<K>();
  return (key, make) => {
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (seen.has(key)) kept.set(key, value);
    else seen.add(key);
    return value;
  };
}
