import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDownloadCounter, type DownloadIncrement } from "./download-counter.js";

describe("createDownloadCounter", () => {
  let batches: DownloadIncrement[][];
  let clock: Date;
  beforeEach(() => {
    vi.useFakeTimers();
    batches = [];
    clock = new Date("2025-05-01T10:00:00Z");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const write = async (batch: readonly DownloadIncrement[]): Promise<void> => {
    batches.push([...batch]);
  };

  it("buffers downloads and writes one increment per (model, day) after the interval", async () => {
    const counter = createDownloadCounter({ write, flushIntervalMs: 1_000, now: () => clock });
    counter.record("acme/a");
    counter.record("acme/a");
    counter.record("acme/b");
    expect(batches).toEqual([]);
    expect(counter.pending()).toBe(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { modelId: "acme/a", day: "2025-05-01", count: 2 },
        { modelId: "acme/b", day: "2025-05-01", count: 1 },
      ],
    ]);
    expect(counter.pending()).toBe(0);
  });

  it("keeps days apart", async () => {
    const counter = createDownloadCounter({ write, now: () => clock });
    counter.record("acme/a");
    clock = new Date("2025-05-02T00:00:01Z");
    counter.record("acme/a");
    await counter.flush();
    expect(batches[0]).toEqual([
      { modelId: "acme/a", day: "2025-05-01", count: 1 },
      { modelId: "acme/a", day: "2025-05-02", count: 1 },
    ]);
  });

  it("writes at once when enough downloads wait", async () => {
    const counter = createDownloadCounter({ write, maxPendingEvents: 3, flushIntervalMs: 60_000, now: () => clock });
    counter.record("acme/a");
    counter.record("acme/a");
    expect(batches).toHaveLength(0);
    counter.record("acme/a");
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[{ modelId: "acme/a", day: "2025-05-01", count: 3 }]]);
  });

  it("keeps failed increments and writes them with the next batch; recording never throws", async () => {
    const errors: unknown[] = [];
    let fail = true;
    const counter = createDownloadCounter({
      write: (batch) => {
        if (fail) throw new Error("database is locked");
        return write(batch);
      },
      onError: (error) => errors.push(error),
      flushIntervalMs: 1_000,
      now: () => clock,
    });
    counter.record("acme/a");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(1);
    expect(counter.pending()).toBe(1);
    fail = false;
    expect(() => counter.record("acme/a")).not.toThrow();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toEqual([[{ modelId: "acme/a", day: "2025-05-01", count: 2 }]]);
  });

  it("writes one batch at a time; downloads recorded during a write go into the next", async () => {
    let release: () => void = () => undefined;
    const counter = createDownloadCounter({
      write: async (batch) => {
        batches.push([...batch]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      now: () => clock,
    });
    counter.record("acme/a");
    const first = counter.flush();
    await vi.advanceTimersByTimeAsync(0);
    counter.record("acme/b");
    const second = counter.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(batches).toEqual([
      [{ modelId: "acme/a", day: "2025-05-01", count: 1 }],
      [{ modelId: "acme/b", day: "2025-05-01", count: 1 }],
    ]);
  });

  it("writes what is buffered on close and ignores later downloads", async () => {
    const counter = createDownloadCounter({ write, now: () => clock });
    counter.record("acme/a");
    await counter.close();
    expect(batches).toEqual([[{ modelId: "acme/a", day: "2025-05-01", count: 1 }]]);
    counter.record("acme/a");
    expect(counter.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches).toHaveLength(1);
  });

  it("does not write when nothing was recorded", async () => {
    const counter = createDownloadCounter({ write, now: () => clock });
    await counter.flush();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches).toEqual([]);
  });

  it("writes each batch in model then day order, so processes flushing together lock rows in one order", async () => {
    const counter = createDownloadCounter({ write, now: () => clock });
    counter.record("zeta/z");
    counter.record("acme/b");
    clock = new Date("2025-04-30T10:00:00Z");
    counter.record("acme/b");
    counter.record("acme/a");
    await counter.flush();
    expect(batches[0]?.map((i) => `${i.modelId} ${i.day}`)).toEqual([
      "acme/a 2025-04-30",
      "acme/b 2025-04-30",
      "acme/b 2025-05-01",
      "zeta/z 2025-05-01",
    ]);
  });

  it("tries a failed last write again on close instead of dropping the downloads", async () => {
    let failures = 2;
    const flaky = async (batch: readonly DownloadIncrement[]) => {
      if (failures-- > 0) throw new Error("deadlock detected");
      batches.push([...batch]);
    };
    const counter = createDownloadCounter({ write: flaky, now: () => clock });
    counter.record("acme/a");
    const closing = counter.close();
    await vi.advanceTimersByTimeAsync(1_000);
    await closing;
    expect(batches).toEqual([[{ modelId: "acme/a", day: "2025-05-01", count: 1 }]]);
    expect(counter.pending()).toBe(0);
  });
});
