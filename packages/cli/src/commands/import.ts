// `modelhub import FILE.jsonl`: bulk upsert of model records into the hub's database.
import { parseArgs } from "node:util";
import {
  type ImportProgress,
  importModels,
  openStore,
  type RejectedLine,
  resolveServerConfig,
} from "@modelhub/server/storage";
import { type LineSource, openJsonLines } from "../import/json-lines-source.js";
import { barView, type ProgressView, plainView } from "../import/progress.js";

const HELP = `Usage: modelhub import FILE.jsonl [options]

Inserts or replaces the model records of a JSON Lines file (one record per line; "-" reads stdin),
in transactions of --batch-size records. A bad line is reported and skipped: it never stops the
import and never leaves part of a record behind. Exit status 1 when any line was rejected.

Options:
  --db PATH          SQLite file (default: $MODELHUB_DATA_DIR/modelhub.db, data dir ./data)
  --batch-size N     records per transaction (default 2000)
  -h, --help         this help

Environment: DATABASE_URL (use PostgreSQL), MODELHUB_DATA_DIR.`;

const FLAGS = {
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
  if (positionals.length !== 1) return usageError("expected one FILE.jsonl (or - for stdin)");
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
      onRejected: (r) => {
        if (rejected.length < MAX_PRINTED_REJECTIONS) rejected.push(r);
      },
      onProgress: (progress) => view.update(progress, source.bytesRead()),
    });
  } finally {
    view.stop();
    await store.close();
  }
  for (const r of rejected) process.stderr.write(`line ${r.line}: ${r.message}\n`);
  if (result.rejected > rejected.length) {
    process.stderr.write(`… and ${result.rejected - rejected.length} more rejected lines\n`);
  }
  process.stdout.write(summary(result, (performance.now() - started) / 1000));
  return result.rejected > 0 ? 1 : 0;
}
