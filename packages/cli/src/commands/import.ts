// `modelhub import FILE.jsonl`: bulk upsert of model records into the hub's database.
import { statSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  HubError,
  type ImportProgress,
  importModels,
  openStore,
  type RejectedLine,
  resolveServerConfig,
} from "@modelhub/server/storage";
import { importFolder } from "../import/import-folder.js";
import { type LineSource, openJsonLines } from "../import/json-lines-source.js";
import { barView, type ProgressView, plainView } from "../import/progress.js";

const HELP = `Usage: modelhub import FILE.jsonl [options]
       modelhub import ./path/to/model --id namespace/name [--db PATH]

Inserts or replaces the model records of a JSON Lines file (one record per line; "-" reads stdin),
in transactions of --batch-size records. A bad line is reported and skipped: it never stops the
import and never leaves part of a record behind. Exit status 1 when any line was rejected.
Safe beside a running hub: the bulk path (indexes rebuilt once at the end) is taken only when no
hub serves the database; otherwise records are upserted in batches between the hub's own writes.

A folder is a model repository: its README.md front matter and config.json feed the record, and
every file is stored under $MODELHUB_DATA_DIR/blobs (progress bars for large files). The model is
created or updated; its files become exactly the folder's. A bad README.md or config.json is
reported naming the file and the field, and nothing is written (exit status 1).

Options:
  --id NS/NAME       the model id (folder import only)
  --db PATH          SQLite file (default: $MODELHUB_DATA_DIR/modelhub.db, data dir ./data)
  --batch-size N     records per transaction (default 2000)
  -h, --help         this help

Environment: DATABASE_URL (use PostgreSQL), MODELHUB_DATA_DIR.`;

const FLAGS = {
  id: { type: "string" },
  db: { type: "string" },
  "batch-size": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Rejected lines printed one by one; beyond this, only their count. */
const MAX_PRINTED_REJECTIONS = 100;

function usageError(message: string): number {
  process.stderr.write(`modelhub import: ${message}\n\n${HELP}\n`);
  return 2;
}

function progressView(source: LineSource): ProgressView {
  const stderr = process.stderr;
  return stderr.isTTY && source.totalBytes !== null ? barView(stderr, source.totalBytes) : plainView(stderr);
}

function summary(result: ImportProgress, seconds: number): string {
  const rate = seconds > 0 ? ` (${Math.round(result.accepted / seconds)} records/s)` : "";
  return `${result.accepted} accepted, ${result.rejected} rejected, ${result.lines} lines in ${seconds.toFixed(1)} s${rate}\n`;
}

// A folder import: a bad card, config or id is the user's to fix (exit 1, the message names file and field).
async function folderCommand(folder: string, id: string | undefined, db: string | undefined): Promise<number> {
  if (id === undefined) return usageError("a model folder needs --id namespace/name");
  let config: ReturnType<typeof resolveServerConfig>;
  try {
    config = resolveServerConfig(process.env, db === undefined ? {} : { db });
  } catch (error) {
    return usageError((error as Error).message);
  }
  try {
    await importFolder(folder, id, { config, out: process.stdout, tty: process.stderr.isTTY ? process.stderr : null });
    return 0;
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    process.stderr.write(`modelhub import: ${error.message}\n`);
    return 1;
  }
}

/** Runs `modelhub import`; returns the exit status. */
export async function importCommand(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args, options: FLAGS, allowPositionals: true });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageError("expected one FILE.jsonl (or - for stdin), or a model folder");
  const target = positionals[0] ?? "-";
  if (target !== "-" && statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    return folderCommand(target, values.id, values.db);
  }
  if (values.id !== undefined) return usageError("--id is for a model folder; a JSON Lines file names its models");
  const batchSize = values["batch-size"] === undefined ? undefined : Number(values["batch-size"]);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 100_000)) {
    return usageError("--batch-size must be a whole number from 1 to 100000");
  }

  let source: LineSource;
  let config: ReturnType<typeof resolveServerConfig>;
  try {
    config = resolveServerConfig(process.env, values.db === undefined ? {} : { db: values.db });
    source = openJsonLines(positionals[0] ?? "-");
  } catch (error) {
    return usageError((error as Error).message);
  }

  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dbPath: config.dbPath });
  const view = progressView(source);
  const rejected: RejectedLine[] = [];
  const started = performance.now();
  let result: ImportProgress;
  try {
    result = await importModels(store, source.lines, {
      ...(batchSize === undefined ? {} : { batchSize }),
      worker: true,
      onRejected: (r) => {
        if (rejected.length < MAX_PRINTED_REJECTIONS) rejected.push(r);
      },
      onProgress: (progress) => view.update(progress, source.bytesRead()),
    });
  } finally {
    view.stop();
    await store.close();
  }
  for (const r of rejected) process.stderr.write(r.line === null ? `${r.message}\n` : `line ${r.line}: ${r.message}\n`);
  if (result.rejected > rejected.length) {
    process.stderr.write(`… and ${result.rejected - rejected.length} more rejected lines\n`);
  }
  process.stdout.write(summary(result, (performance.now() - started) / 1000));
  return result.rejected > 0 ? 1 : 0;
}
