import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { HubDatabase } from "../schema.js";
import { withStatementCache } from "./statement-cache.js";

/** Opens (creating when needed) the SQLite file at `path`, or an in-memory database for `:memory:`. */
export function openSqlite(path: string): Kysely<HubDatabase> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // First, so that switching to WAL below waits for another process opening the file at the same time.
  db.pragma("busy_timeout = 10000");
  // WAL lets the server read while `modelhub import` writes; NORMAL sync is durable at checkpoints in WAL mode.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("cache_size = -32000");
  db.pragma("foreign_keys = ON");
  return new Kysely<HubDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(db) }) });
}
