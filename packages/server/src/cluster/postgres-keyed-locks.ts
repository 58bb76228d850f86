// Keyed locks that hold across hub processes sharing one PostgreSQL database and data directory: a task runs once
// no task with its key runs in this process (the local lock) nor in another (a session advisory lock per key). The
// advisory locks are taken with pg_try_advisory_lock on one connection, retried after short pauses, so a waiting
// task never blocks that connection (and the releases queued behind it) nor needs a connection of its own.
import { createHash } from "node:crypto";
import pg from "pg";
import { createKeyedLock, type KeyedLock } from "../files/keyed-lock.js";

/** The two locks of the file service, shared with the other processes. */
export interface SharedLocks {
  /** Per model (lower-cased id): commits, deletes, moves. */
  models: KeyedLock;
  /** Per blob (sha256): making a blob visible against deleting it. */
  blobs: KeyedLock;
  /** Closes the connection (releasing every advisory lock). */
  close(): Promise<void>;
}

const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

const lockKey = (scope: string, key: string): string =>
  BigInt.asIntN(
    64,
    BigInt(`0x${createHash("sha256").update(`${scope}\n${key}`).digest("hex").slice(0, 16)}`),
  ).toString();

/** Opens the locks on the database at `url` (its current schema scopes the keys, so other hubs' do not collide). */
export async function openPostgresLocks(
  url: string,
  log: (message: string, fields: Record<string, unknown>) => void = () => {},
): Promise<SharedLocks> {
  let client: pg.Client | null = null;
  let closed = false;
  let schema = "";

  // One connection, reopened after a loss (the locks it held went with it; tasks holding them finish regardless).
  const connection = async (): Promise<pg.Client> => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: url, application_name: "modelhub locks" });
    fresh.on("error", (error) => {
      log("lock connection lost", { error: error.message });
      if (client === fresh) client = null;
    });
    await fresh.connect();
    if (!schema) {
      const { rows } = await fresh.query<{ schema: string | null }>("SELECT current_schema() AS schema");
      schema = rows[0]?.schema ?? "public";
    }
    client = fresh;
    return fresh;
  };

  const shared = (kind: string): KeyedLock => {
    const local = createKeyedLock();
    return {
      run: (key, task) =>
        local.run(key, async () => {
          const held = lockKey(`${schema}\n${kind}`, key);
          for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
            const { rows } = await (await connection()).query<{ ok: boolean }>(
              "SELECT pg_try_advisory_lock($1::bigint) AS ok",
              [held],
            );
            if (rows[0]?.ok) break;
            await new Promise((resolve) => setTimeout(resolve, pause));
          }
          try {
            return await task();
          } finally {
            await client?.query("SELECT pg_advisory_unlock($1::bigint)", [held]).catch((error: Error) => {
              log("lock not released (its connection is gone, which releases it)", { error: error.message });
            });
          }
        }),
      size: () => local.size(),
    };
  };

  await connection();
  return {
    models: shared("models"),
    blobs: shared("blobs"),
    async close() {
      if (closed) return;
      closed = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
