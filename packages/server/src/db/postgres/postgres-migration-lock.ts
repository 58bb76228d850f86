// Hubs starting together on one PostgreSQL database migrate one after another: a session advisory lock, held on
// one connection of the pool while the migrator runs on the others. A process that dies holding it loses its
// connection, and PostgreSQL releases the lock.
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { HubDatabase } from "../schema.js";

// One key for the whole database, not one per schema: migrations also create database-wide objects (pg_trgm),
// whose IF NOT EXISTS races when two schemas migrate at once.
const MIGRATION_LOCK_KEY = BigInt.asIntN(
  64,
  BigInt(`0x${createHash("sha256").update("modelhub migrations").digest("hex").slice(0, 16)}`),
).toString();

/** Runs `run` while holding the database's migration lock; waits for another holder to finish first. */
export async function withPostgresMigrationLock<T>(
  db: Kysely<HubDatabase>,
  run: (db: Kysely<HubDatabase>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (holder) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(holder);
    try {
      return await run(db);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(holder);
    }
  });
}
