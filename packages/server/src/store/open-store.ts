import type { Kysely } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import { migrateToLatest } from "../db/migrations.js";
import type { HubDatabase } from "../db/schema.js";
import { openSqlite } from "../db/sqlite/open-sqlite.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { bulkLoadUnfinished, finishBulkLoad } from "./bulk-load.js";
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

/** Opens the database, brings its schema up to date, finishes a bulk load that was cut off, and returns the Store. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const { db, adapter } = await connect(options);
  try {
    await migrateToLatest(db, adapter, await adapter.currentSchema(db));
    if (await bulkLoadUnfinished(db)) await finishBulkLoad(db, adapter);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createKyselyStore(db, adapter);
}
