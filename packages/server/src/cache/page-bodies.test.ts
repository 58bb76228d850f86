import { describe, expect, it } from "vitest";
import { createPageBodies } from "./page-bodies.js";

describe("createPageBodies", () => {
  it("serialises the same rows until they are sent twice, then answers from memory; new rows anew", () => {
    const bodies = createPageBodies();
    let calls = 0;
    const rows = [{ id: "a/b" }];
    const serialize = (r: readonly object[]) => () => {
      calls++;
      return JSON.stringify(r);
    };
    expect(bodies.body(rows, serialize(rows)).toString()).toBe('[{"id":"a/b"}]');
    const kept = bodies.body(rows, serialize(rows));
    expect(bodies.body(rows, serialize(rows))).toBe(kept);
    expect(calls).toBe(2);
    // A page read again after a write has new rows.
    const reread = [{ id: "a/c" }];
    expect(bodies.body(reread, serialize(reread)).toString()).toBe('[{"id":"a/c"}]');
    expect(calls).toBe(3);
  });
});
