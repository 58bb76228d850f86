// PostgreSQL: session advisory locks on a connection of their own. Every serving hub holds the lock shared, a bulk
// load tries it exclusive; the server releases a session's locks when its connection ends, so a holder killed with
// -9 releases them as soon as its socket closes. The key is this lock's class and the schema's name, so hubs in
// other schemas of one database (tests use one each) do not see each other.
import pg from "pg";
import { type DatabaseLock, once } from "./database-lock.js";

/** First half of the advisory lock key: this lock's own class, apart from other advisory locks of the hub. */
const LOCK_CLASS = 0x6d68_0001;

const KEY = `${LOCK_CLASS}, hashtext(current_schema())`;

/** Where the database is, as the store was opened. */
export interface PostgresLockTarget {
  /** `postgres://…`. */
  url: string;
  /** The schema the store works in, if not the default. */
  schema?: string;
}

async function connect(target: PostgresLockTarget): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: target.url,
    ...(target.schema ? { options: `-c search_path=${target.schema},public` } : {}),
  });
  await client.connect();
  return client;
}

async function ask(client: pg.Client, query: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(`SELECT ${query} AS ok`);
  return rows[0]?.ok === true;
}

/** The locks of the database (and schema) at `target`. */
export function postgresAdvisoryLock(target: PostgresLockTarget): DatabaseLock {
  return {
    async serve(onWait) {
      let client: pg.Client | null = null;
      let closed = false;
      // A lost connection loses the lock: take it again on a new one, for as long as the hub serves.
      const hold = async (): Promise<void> => {
        const next = await connect(target);
        next.on("error", () => {
          if (closed) return;
          next.end().catch(() => {});
          setTimeout(() => hold().catch(() => {}), 1_000).unref();
        });
        if (!(await ask(next, `pg_try_advisory_lock_shared(${KEY})`))) {
          onWait?.("a bulk import");
          await next.query(`SELECT pg_advisory_lock_shared(${KEY})`);
        }
        if (closed) await next.end();
        else client = next;
      };
      await hold();
      return once(async () => {
        closed = true;
        await (client as pg.Client | null)?.end().catch(() => {});
      });
    },

    async tryBulk() {
      const client = await connect(target);
      client.on("error", () => {});
      if (!(await ask(client, `pg_try_advisory_lock(${KEY})`))) {
        await client.end();
        return null;
      }
      return once(() => client.end());
    },
  };
}
