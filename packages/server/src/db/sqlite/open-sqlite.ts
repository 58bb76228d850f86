import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { HubDatabase } from "../schema.js";
import { registerPostingFunctions } from "./posting-functions.js";
import { withStatementCache } from "./statement-cache.js";

/**
 * A serving connection's page cache, in KiB: the largest reads through it were the dense posting lists, which
 * posting-cache.ts keeps instead (it was 32,000 before that cache's 24 MiB).
 */
export const SERVING_CACHE_KIB = 16_000;

/**
 * The settings of a connection in service, restored after a bulk load (see bulk-writes.ts). WAL lets the server read
 * while `modelhub import` writes; NORMAL sync is durable at checkpoints in WAL mode.
 */
export const SERVING_PRAGMAS = [
  "journal_mode = WAL",
  "synchronous = NORMAL",
  `cache_size = -${SERVING_CACHE_KIB}`,
] as const;

/** Opens (creating when needed) the SQLite file at `path`, or an in-memory database for `:memory:`. */
export function openSqlite(path: string): Kysely<HubDatabase> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // First, so that switching to WAL below waits for another process opening the file at the same time.
  db.pragma("busy_timeout = 10000");
  for (const pragma of SERVING_PRAGMAS) db.pragma(pragma);
  db.pragma("foreign_keys = ON");
  registerPostingFunctions(db);
  return new Kysely<HubDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(db) }) });
}
