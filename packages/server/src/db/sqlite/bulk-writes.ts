// A bulk load's connection settings, and back. In WAL mode each page a load writes is written twice (to the log, then
// into the file by a checkpoint), and a log of gigabytes slows every page read; a rollback journal copies only pages
// that existed before the transaction, which appending rows or building an index barely touches, so rows and indexes
// are written once and each commit stays crash-safe. The larger cache holds the pages the appended rows fill. Building
// the indexes at the end wants the opposite: SQLite sizes its sorter's in-memory run by cache_size, and one run of a
// million index entries (or 7.4M tag rows) is a linked list merge-sorted with a cache miss per step, so a cache that
// fits the CPU's L2 sorts many small runs (in a helper thread) and merges them from temporary files instead. The
// bulk-load lock keeps hubs away while the journal mode differs; a process still holding the file open (another CLI)
// makes the switch fail, and the load then runs in WAL mode, slower but the same.
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

/**
 * Page cache, and so the sorter's in-memory run, while a bulk load builds its indexes and derived tables: measured at a
 * million models (CPU seconds, 256 MiB -> 1 MiB) the tag table 27 -> 15 s, an index on (library, date) 3.0 -> 2.2 s.
 */
export const INDEX_BUILD_CACHE_KIB = 1024;

/** Switches `db`'s connection to the bulk-load settings (outside any transaction). */
export const startBulkWrites = (db: Kysely<HubDatabase>): Promise<void> => pragmas(db, BULK_PRAGMAS);

/** The bulk-load settings with the index builds' cache (outside any transaction). */
export const startIndexBuilds = (db: Kysely<HubDatabase>): Promise<void> =>
  pragmas(db, [...BULK_PRAGMAS, `cache_size = -${INDEX_BUILD_CACHE_KIB}`]);

/** Restores the serving settings of `db`'s connection. */
export const endBulkWrites = (db: Kysely<HubDatabase>): Promise<void> =>
  pragmas(db, [...SERVING_PRAGMAS, "threads = 0"]);
