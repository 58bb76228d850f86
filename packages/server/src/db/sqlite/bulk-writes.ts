// A bulk load's connection settings, and back. In WAL mode each page a load writes is written twice (to the log, then
// into the file by a checkpoint), and a log of gigabytes slows every page read; a rollback journal copies only pages
// that existed before the transaction, which appending rows or building an index barely touches, so rows and indexes
// are written once and each commit stays crash-safe. The larger cache lets CREATE INDEX sort in memory (SQLite's
// sorter spills to temporary files beyond cache_size), with a helper thread. The bulk-load lock keeps hubs away while
// the journal mode differs; a process still holding the file open (another CLI) makes the switch fail, and the load
// then runs in WAL mode, slower but the same.
import { type Kysely, sql } from "kysely";
import type { HubDatabase } from "../schema.js";
import { SERVING_PRAGMAS } from "./open-sqlite.js";

/** Page cache and sort memory of a bulk load: the import process's, never a serving hub's. */
export const BULK_CACHE_KIB = 256 * 1024;

const BULK_PRAGMAS = [
  "journal_mode = DELETE",
  "synchronous = NORMAL",
  `cache_size = -${BULK_CACHE_KIB}`,
  "threads = 2",
] as const;

async function pragmas(db: Kysely<HubDatabase>, list: readonly string[]): Promise<void> {
  for (const pragma of list) {
    try {
      await sql.raw(`PRAGMA ${pragma}`).execute(db);
    } catch {
      // Busy (another connection holds the file): the serving settings stand, which are correct, only slower.
    }
  }
}

/** Switches `db`'s connection to the bulk-load settings (outside any transaction). */
export const startBulkWrites = (db: Kysely<HubDatabase>): Promise<void> => pragmas(db, BULK_PRAGMAS);

/** Restores the serving settings of `db`'s connection. */
export const endBulkWrites = (db: Kysely<HubDatabase>): Promise<void> =>
  pragmas(db, [...SERVING_PRAGMAS, "threads = 0"]);
