// Two hubs on one PostgreSQL schema, each with its own read cache and change feed, as two processes would be: a
// write through one is seen at once by the other's record, list, counts and snippets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { hubModel } from "../test-utils/hub-models.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { jsonBody, startTestApp, type TestApp } from "../test-utils/test-app.js";
import { openPostgresChangeFeed } from "./postgres-change-feed.js";

const url = (await testDatabaseUrl()) ?? "";
if (!url) console.warn(POSTGRES_SKIP_NOTE);

// Caches that would hold stale answers for a minute without the feed.
const LONG_CACHE = { maxModels: 100, modelTtlMs: 60_000, countTtlMs: 60_000 };

/** Polls `read` until `done` holds (10 s at most); returns the last value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    value = await read();
  }
  return value;
}

describe.skipIf(!url)("two hubs on one PostgreSQL", () => {
  const schema = freshSchemaName();
  const hubs: TestApp[] = [];
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    for (const seed of [[hubModel("acme/one", { library_name: "timm", likes: 1 })], []]) {
      const changes = await openPostgresChangeFeed({ url, schema });
      const hub = await startTestApp(seed, { cache: LONG_CACHE, changes }, async () => ({
        store: await openStore({ databaseUrl: url, pgSchema: schema }),
        drop: () => changes.close(),
      }));
      hubs.push(hub);
    }
    [a, b] = hubs as [TestApp, TestApp];
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    await dropSchema(url, schema);
  });

  const likesOn = async (hub: TestApp) =>
    ((await (await hub.fetch("/api/models/acme/one")).json()) as { likes: number }).likes;
  const listedOn = async (hub: TestApp) =>
    ((await (await hub.fetch("/api/models?library=timm")).json()) as { id: string }[]).map((m) => m.id);

  it("shows the other hub's record update, new model and deletion in records, lists and snippets", async () => {
    // B reads (and caches) the record, the list and the snippets first.
    expect(await likesOn(b)).toBe(1);
    expect(await listedOn(b)).toEqual(["acme/one"]);
    const snippets = async () => (await (await b.fetch("/api/models/acme/one/snippets")).text()).includes("timm");
    expect(await snippets()).toBe(true);

    const put = await a.admin(
      "/api/models/acme/one",
      jsonBody("PUT", hubModel("acme/one", { library_name: "keras", likes: 7 })),
    );
    expect(put.status).toBe(200);
    expect(
      await eventually(
        () => likesOn(b),
        (likes) => likes === 7,
      ),
    ).toBe(7);
    expect(
      await eventually(
        () => listedOn(b),
        (ids) => ids.length === 0,
      ),
    ).toEqual([]);
    expect(await eventually(snippets, (has) => !has)).toBe(false);

    const created = await a.admin("/api/models", jsonBody("POST", hubModel("acme/two", { library_name: "timm" })));
    expect(created.status).toBe(201);
    expect(
      await eventually(
        () => listedOn(b),
        (ids) => ids.length === 1,
      ),
    ).toEqual(["acme/two"]);

    expect((await a.admin("/api/models/acme/one", { method: "DELETE" })).status).toBeLessThan(300);
    const gone = await eventually(
      () => b.fetch("/api/models/acme/one").then((r) => r.status),
      (status) => status === 404,
    );
    expect(gone).toBe(404);
  });
});
