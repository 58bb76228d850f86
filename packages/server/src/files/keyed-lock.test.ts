import { describe, expect, it } from "vitest";
import { createKeyedLock } from "./keyed-lock.js";

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

describe("createKeyedLock", () => {
  it("runs tasks of one key one after another, in order", async () => {
    const lock = createKeyedLock();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      await tick();
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([lock.run("k", task("a")), lock.run("k", task("b")), lock.run("k", task("c"))]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("lets different keys run side by side", async () => {
    const lock = createKeyedLock();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      await tick();
      events.push(`end ${name}`);
    };
    await Promise.all([lock.run("x", task("x")), lock.run("y", task("y"))]);
    expect(events.slice(0, 2)).toEqual(["start x", "start y"]);
  });

  it("passes a failure to its caller only, and the next task still runs", async () => {
    const lock = createKeyedLock();
    const failed = lock.run("k", async () => {
      throw new Error("boom");
    });
    const next = lock.run("k", async () => "ran");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ran");
  });

  it("forgets a key once its tasks are done", async () => {
    const lock = createKeyedLock();
    await lock.run("k", async () => undefined);
    await tick();
    expect(lock.size()).toBe(0);
  });
});
