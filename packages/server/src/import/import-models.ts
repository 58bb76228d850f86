// Bulk upsert of model records from JSON Lines: batches in transactions; a bad line is reported and skipped,
// never written in part and never stopping the rest.
import { idTaken } from "../store/id-taken.js";
import type { ModelRow } from "../store/row-writer.js";
import type { Store } from "../store/store.js";
import { parseLines, parseLinesInWorker } from "./parse-lines.js";

/** Records per transaction: large enough to amortise the commit, small enough to keep memory flat. */
export const IMPORT_BATCH_SIZE = 2_000;

/**
 * Records per transaction of a bulk load: each commit syncs the journal and the file, and appending rows lets the
 * transaction grow without touching older pages (a million records appended in 24.9 s, against 27.8 s in batches of
 * 2,000).
 */
export const BULK_BATCH_SIZE = 20_000;

/** Below this many stored models an import runs as a bulk load (indexes rebuilt once at the end). */
export const BULK_LOAD_BELOW = 10_000;

/**
 * Above BULK_LOAD_BELOW, an import that has inserted or changed this share of the stored models keeps going as a bulk
 * load with the id indexes kept: rebuilding the secondary indexes once then costs less than maintaining them for the rest.
 */
export const REBUILD_FROM_SHARE = 0.05;

/** A rejected line. */
export interface RejectedLine {
  /** 1-based line number; null for a record a bulk load found to collide only at its end (the message names it). */
  line: number | null;
  /** Why, naming the field when validation failed. */
  message: string;
}

/** Running totals, reported after every batch. */
export interface ImportProgress {
  /** Lines read, blank ones included. */
  lines: number;
  /** Records written. */
  accepted: number;
  /** Lines rejected. */
  rejected: number;
}

/** How to import. */
export interface ImportOptions {
  /** Records per transaction (by default IMPORT_BATCH_SIZE, BULK_BATCH_SIZE in a bulk load). */
  batchSize?: number;
  /**
   * `auto`: bulk-load when the store holds fewer than BULK_LOAD_BELOW models, and switch to a bulk load that keeps
   * the id indexes once REBUILD_FROM_SHARE of them were written; either only when no hub serves the database.
   */
  bulk?: "auto" | "always" | "never";
  /** Clock for missing dates. */
  now?: () => Date;
  /**
   * Parse and validate lines in a worker thread, a few thousand lines ahead of the writes, which then overlap the
   * parsing (a large import's CPU time is about half each). Off by default: lines are parsed in the calling thread.
   */
  worker?: boolean;
  /** Called for each rejected line as it is found. */
  onRejected?: (rejected: RejectedLine) => void;
  /** Called after each batch. */
  onProgress?: (progress: ImportProgress) => void;
}

interface Pending {
  line: number;
  row: ModelRow;
}

type Writer = (rows: readonly ModelRow[]) => Promise<void>;

// A batch that fails as a whole (a database error, not a validation one) is retried record by record,
// so one unwritable record costs only its own line.
async function writeBatch(write: Writer, batch: Pending[], reject: (r: RejectedLine) => void): Promise<number> {
  try {
    await write(batch.map((p) => p.row));
    return batch.length;
  } catch {
    let written = 0;
    for (const pending of batch) {
      try {
        await write([pending.row]);
        written++;
      } catch (error) {
        reject({ line: pending.line, message: `not stored: ${(error as Error).message}` });
      }
    }
    return written;
  }
}

/** Imports JSON Lines `lines` into `store` and returns the totals. */
export async function importModels(
  store: Store,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions = {},
): Promise<ImportProgress> {
  const now = options.now ?? (() => new Date());
  const bulk = options.bulk ?? "auto";
  const stored = bulk === "auto" ? await store.countModels({ all: true }) : 0;
  // The bulk paths need the database to themselves: with a hub serving it, startBulkLoad answers null and the
  // import upserts in batches between the hub's writes.
  let load = bulk === "always" || (bulk === "auto" && stored < BULK_LOAD_BELOW) ? await store.startBulkLoad() : null;
  // Rows the upsert path inserted or changed (unchanged records cost an index lookup, not a write).
  let changed = 0;
  let write: Writer = load
    ? load.upsert
    : async (rows) => {
        changed += await store.upsertRows(rows);
      };
  // Into a large table, an import that turns out to change a large part of it (a re-import of changed records) stops
  // maintaining the secondary indexes row by row, which costs a random page write per index and row, and rebuilds
  // them at the end.
  let switchAt = bulk === "auto" && !load ? Math.max(IMPORT_BATCH_SIZE, Math.ceil(stored * REBUILD_FROM_SHARE)) : null;
  const maybeSwitch = async () => {
    if (switchAt === null || changed < switchAt) return;
    switchAt = null;
    load = await store.startBulkLoad({ keepIds: true });
    if (load) write = load.upsert;
  };

  const progress: ImportProgress = { lines: 0, accepted: 0, rejected: 0 };
  const reject = (rejected: RejectedLine) => {
    progress.rejected++;
    options.onRejected?.(rejected);
  };
  let batch: Pending[] = [];
  const flush = async () => {
    progress.accepted += await writeBatch(write, batch, reject);
    batch = [];
    options.onProgress?.({ ...progress });
    await maybeSwitch();
  };
  try {
    for await (const chunk of (options.worker ? parseLinesInWorker : parseLines)(lines, now)) {
      for (const parsed of chunk) {
        progress.lines++;
        if (parsed === null) continue;
        if (parsed.ok) batch.push({ line: progress.lines, row: parsed.row });
        else reject({ line: progress.lines, message: parsed.message });
        if (batch.length >= (options.batchSize ?? (load ? BULK_BATCH_SIZE : IMPORT_BATCH_SIZE))) await flush();
      }
    }
    await flush();
  } finally {
    // A bulk load learns of records whose id differs only in case from an earlier one when it rebuilds the indexes.
    for (const collision of (await load?.finish()) ?? []) {
      progress.accepted--;
      reject({ line: null, message: `not stored: ${idTaken(collision.id, collision.existing).message}` });
    }
  }
  return progress;
}
