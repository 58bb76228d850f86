// Processes opening one SQLite file together migrate one after another: the migrations run inside one
// BEGIN IMMEDIATE transaction (SQLite's DDL is transactional), which takes the file's write lock first. A waiter
// retries past the busy timeout, since migrating a large file can take longer. Because of this, a migration may
// not open a transaction of its own on SQLite.
import { type Kysely, sql } from "kysely";
import type { HubDatabase } from "../schema.js";

/** Longest wait for another process's migrations, in ms. */
const MAX_WAIT_MS = 10 * 60 * 1000;

const isBusy = (error: unknown): boolean => /^SQLITE_BUSY/.test((error as { code?: string } | null)?.code ?? "");

/** Runs `run` on one connection inside a write transaction: committed when it resolves, rolled back when it throws. */
export async function withSqliteMigrationLock<T>(
  db: Kysely<HubDatabase>,
  run: (db: Kysely<HubDatabase>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    const deadline = Date.now() + MAX_WAIT_MS;
    for (;;) {
      try {
        // Waits up to the connection's busy timeout for the write lock.
        await sql`BEGIN IMMEDIATE`.execute(conn);
        break;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
      }
    }
    try {
      const result = await run(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw error;
    }
  });
}
