// Two change feeds on one PostgreSQL schema stand for two hub processes.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { ALL_CHANGED, type CacheChange, type ChangeFeed } from "./change-feed.js";
import { channelOf, openPostgresChangeFeed } from "./postgres-change-feed.js";

const url = await testDatabaseUrl();
if (!url) console.warn(POSTGRES_SKIP_NOTE);

/** The changes a feed hears, and a wait for the next one. */
function recorder(feed: ChangeFeed) {
  const heard: CacheChange[] = [];
  let wake: (() => void) | null = null;
  feed.subscribe((change) => {
    heard.push(change);
    wake?.();
  });
  return {
    heard,
    async next(count: number): Promise<CacheChange[]> {
      const deadline = Date.now() + 10_000;
      while (heard.length < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
      return heard.slice(0, count);
    },
  };
}

describe.skipIf(!url)("the PostgreSQL change feed", () => {
  const schema = freshSchemaName();
  const other = freshSchemaName();
  const feeds: ChangeFeed[] = [];
  const open = async (s: string) => {
    const feed = await openPostgresChangeFeed({ url: url ?? "", schema: s, retryMs: 20 });
    feeds.push(feed);
    return feed;
  };
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE SCHEMA ${other}`);
  });
  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.close()));
    await admin?.end();
    await dropSchema(url ?? "", schema);
    await dropSchema(url ?? "", other);
  });

  it("tells the other processes on the schema, not the sender nor hubs on other schemas", async () => {
    const a = await open(schema);
    const b = recorder(await open(schema));
    const elsewhere = recorder(await open(other));
    const self = recorder(a);
    await a.publish({ models: ["acme/one"] });
    await a.publish(ALL_CHANGED);
    expect(await b.next(2)).toEqual([{ models: ["acme/one"] }, ALL_CHANGED]);
    expect(self.heard).toEqual([]);
    expect(elsewhere.heard).toEqual([]);
  });

  it("reconnects after losing its connection and then says everything changed (messages may have been missed)", async () => {
    const a = await open(schema);
    const b = recorder(await open(schema));
    // Cut every listening connection on the schema's channel: b's among them.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'modelhub changes' AND query = $1`,
      [`LISTEN "${channelOf(schema)}"`],
    );
    const afterCut = await b.next(1);
    expect(afterCut).toEqual([ALL_CHANGED]);
    await a.publish({ models: ["acme/two"] });
    const all = await b.next(2);
    expect(all[1]).toEqual({ models: ["acme/two"] });
  });
});
