import { describe, expect, it } from "vitest";
import { createPageBodies } from "./page-bodies.js";

describe("createPageBodies", () => {
  it("serialises the same rows once, and new rows (a page read again after a write) anew", () => {
    const bodies = createPageBodies();
    let calls = 0;
    const rows = [{ id: "a/b" }];
    const serialize = (r: readonly object[]) => () => {
      calls++;
      return JSON.stringify(r);
    };
    const first = bodies.body(rows, serialize(rows));
    expect(first.toString()).toBe('[{"id":"a/b"}]');
    expect(bodies.body(rows, serialize(rows))).toBe(first);
    expect(calls).toBe(1);
    const reread = [{ id: "a/c" }];
    expect(bodies.body(reread, serialize(reread)).toString()).toBe('[{"id":"a/c"}]');
    expect(calls).toBe(2);
  });
});
