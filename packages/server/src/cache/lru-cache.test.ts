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
