import { type DatabaseLock, PROCESS_LOCAL_LOCK } from "./database-lock.js";
import { postgresAdvisoryLock } from "./postgres-advisory-lock.js";
import { sqliteLockFiles } from "./sqlite-lock-files.js";

/** The locks of the database a store opens: PostgreSQL's advisory locks, or lock files beside a SQLite file. */
export function openDatabaseLock(options: { dbPath?: string; databaseUrl?: string; pgSchema?: string }): DatabaseLock {
  if (options.databaseUrl) {
    return postgresAdvisoryLock({
      url: options.databaseUrl,
      ...(options.pgSchema === undefined ? {} : { schema: options.pgSchema }),
    });
  }
  if (!options.dbPath || options.dbPath === ":memory:") return PROCESS_LOCAL_LOCK;
  return sqliteLockFiles(options.dbPath);
}
