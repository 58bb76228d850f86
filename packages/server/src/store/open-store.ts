import type { Kysely } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import { migrateToLatest } from "../db/migrations.js";
import type { HubDatabase } from "../db/schema.js";
import { openSqlite } from "../db/sqlite/open-sqlite.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { bulkLoadUnfinished, finishBulkLoad } from "./bulk-load.js";
import type { DatabaseLock } from "./database-lock/database-lock.js";
import { openDatabaseLock } from "./database-lock/open-database-lock.js";
import { createKyselyStore } from "./kysely-store.js";
import type { Store } from "./store.js";

/** Which database to open: PostgreSQL when `databaseUrl` is given, else the SQLite file at `dbPath`. */
export interface StoreOptions {
  /** SQLite file (created when missing), or `:memory:`. */
  dbPath?: string;
  /** `postgres://…`; wins over `dbPath`. */
  databaseUrl?: string;
  /** PostgreSQL schema to work in, created when missing (tests use a fresh one per run). */
  pgSchema?: string;
  /**
   * Set by a serving hub: holds the database's serving lock while the store is open (an import then never takes
   * the bulk path, which drops the unique indexes the hub's writes need). Opening waits while a bulk load runs,
   * telling `onWait` who holds the database.
   */
  serve?: { onWait?: (holder: string) => void };
}

async function connect(options: StoreOptions): Promise<{ db: Kysely<HubDatabase>; adapter: DialectAdapter }> {
  if (options.databaseUrl) {
    // Loaded only when used: a SQLite hub never pays for the PostgreSQL driver.
    const { openPostgres } = await import("../db/postgres/open-postgres.js");
    const { postgresAdapter } = await import("../db/postgres/postgres-adapter.js");
    const db = await openPostgres({
      url: options.databaseUrl,
      ...(options.pgSchema === undefined ? {} : { schema: options.pgSchema }),
    });
    return { db, adapter: postgresAdapter };
  }
  if (!options.dbPath) throw new Error("openStore needs a dbPath or a databaseUrl");
  return { db: openSqlite(options.dbPath), adapter: sqliteAdapter };
}

// A bulk load that was cut off (its process killed) is finished by the next store to open, unless a live process
// still runs it. A serving store already waited for any live one to end.
async function finishCutOffBulkLoad(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  lock: DatabaseLock,
  serving: boolean,
): Promise<void> {
  if (!(await bulkLoadUnfinished(db))) return;
  const release = serving ? null : await lock.tryBulk();
  if (!serving && !release) return;
  try {
    await finishBulkLoad(db, adapter);
  } finally {
    await release?.();
  }
}

/** Opens the database, brings its schema up to date, finishes a bulk load that was cut off, and returns the Store. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const lock = openDatabaseLock(options);
  const stopServing = options.serve ? await lock.serve(options.serve.onWait) : null;
  let db: Kysely<HubDatabase> | undefined;
  try {
    const connected = await connect(options);
    db = connected.db;
    await migrateToLatest(db, connected.adapter, await connected.adapter.currentSchema(db));
    await finishCutOffBulkLoad(db, connected.adapter, lock, stopServing !== null);
    return createKyselyStore(db, connected.adapter, { lock, ...(stopServing ? { onClose: stopServing } : {}) });
  } catch (error) {
    await db?.destroy();
    await stopServing?.();
    throw error;
  }
}
