// Two sets of shared locks on one database stand for two hub processes.
import { afterAll, describe, expect, it } from "vitest";
import { POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { openPostgresLocks, type SharedLocks } from "./postgres-keyed-locks.js";

const url = await testDatabaseUrl();
if (!url) console.warn(POSTGRES_SKIP_NOTE);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)("locks shared through PostgreSQL", () => {
  const opened: SharedLocks[] = [];
  afterAll(() => Promise.all(opened.map((l) => l.close())));
  const open = async () => {
    const locks = await openPostgresLocks(url ?? "");
    opened.push(locks);
    return locks;
  };

  it("run tasks of one key one at a time across processes, and tasks of other keys side by side", async () => {
    const [a, b] = [await open(), await open()];
    const key = `acme/${Math.random()}`;
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} start`);
      await pause(30);
      events.push(`${name} end`);
    };
    await Promise.all([a.models.run(key, task("a1")), b.models.run(key, task("b1")), a.models.run(key, task("a2"))]);
    // Each task ends before the next starts, whichever process it ran in.
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i]?.replace("start", "end"));

    // Each of these waits for the other to start: run one after the other, they would never finish.
    let xStarted = () => {};
    let yStarted = () => {};
    const x = new Promise<void>((resolve) => {
      xStarted = resolve;
    });
    const y = new Promise<void>((resolve) => {
      yStarted = resolve;
    });
    await Promise.all([
      a.models.run(`${key}-x`, async () => {
        xStarted();
        await y;
      }),
      b.models.run(`${key}-y`, async () => {
        yStarted();
        await x;
      }),
    ]);
    // The same text as a model key and as a blob key are different locks.
    await Promise.all([a.models.run(key, () => b.blobs.run(key, () => pause(1)))]);
  });

  it("frees a key when its task fails", async () => {
    const [a, b] = [await open(), await open()];
    await expect(a.blobs.run("deadbeef", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await b.blobs.run("deadbeef", async () => "ran")).toBe("ran");
  });
});
