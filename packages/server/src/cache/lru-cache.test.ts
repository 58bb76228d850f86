import { describe, expect, it } from "vitest";
import { createLruCache } from "./lru-cache.js";

describe("createLruCache", () => {
  it("drops the least recently used entry when full", () => {
    const cache = createLruCache<string, number>({ max: 2, ttlMs: 1_000 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("keeps an entry read recently past entries set after it, in a larger cache too", () => {
    const cache = createLruCache<number, number>({ max: 100, ttlMs: 1_000 });
    for (let i = 0; i < 100; i++) cache.set(i, i);
    // 0 is the oldest; read now, it survives the next 50 insertions, which push out 1..50 instead.
    expect(cache.get(0)).toBe(0);
    for (let i = 100; i < 150; i++) cache.set(i, i);
    expect(cache.get(0)).toBe(0);
    expect([1, 50].map((k) => cache.get(k))).toEqual([undefined, undefined]);
    expect(cache.get(51)).toBe(51);
  });

  it("expires entries after their lifetime and forgets everything on clear", () => {
    let now = 0;
    const cache = createLruCache<string, number>({ max: 10, ttlMs: 100, now: () => now });
    cache.set("a", 1);
    now = 99;
    expect(cache.get("a")).toBe(1);
    now = 100;
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", 2);
    cache.clear();
    expect(cache.get("b")).toBeUndefined();
  });

  it("forgets just the keys a predicate picks", () => {
    const cache = createLruCache<string, number>({ max: 10, ttlMs: 100 });
    cache.set("Acme/Model", 1);
    cache.set("acme/model", 2);
    cache.set("acme/other", 3);
    cache.deleteWhere((key) => key.toLowerCase() === "acme/model");
    expect([cache.get("Acme/Model"), cache.get("acme/model"), cache.get("acme/other")]).toEqual([
      undefined,
      undefined,
      3,
    ]);
  });
});
