// `modelhub serve`: the hub (HTTP API and web app) on one port, until SIGTERM or SIGINT.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AdminToken } from "@modelhub/server";
import { parsePort, resolveServerConfig, type ServerConfig } from "@modelhub/server/storage";

const HELP = `Usage: modelhub serve [--port N] [--db PATH] [--host HOST] [--workers N]

Starts the hub: the HTTP API under /api and the web app at /. An empty database gets the demo catalog.

Options:
  --port N       port (default: $PORT or 8080)
  --db PATH      SQLite file (default: $MODELHUB_DATA_DIR/modelhub.db, data dir ./data)
  --host HOST    interface to listen on (default: $HOST or 127.0.0.1; 0.0.0.0 for every interface)
  --workers N    N processes sharing the port (default 1; PostgreSQL only): a crashed one is restarted,
                 SIGTERM closes them all
  -h, --help     this help

Environment:
  DATABASE_URL           postgres://… to use PostgreSQL instead of SQLite
  MODELHUB_ADMIN_TOKEN   bearer token for writes (else generated once into the data dir)
  MODELHUB_DATA_DIR      data directory (default ./data): database, uploaded files (blobs/), token
  MODELHUB_MAX_UPLOAD_BYTES  largest uploaded model file in bytes (default 50 GiB)
  MODELHUB_WEB_ROOT      web app build to serve (default: packages/web/dist when built)
  MODELHUB_LOG_LEVEL     fatal|error|warn|info|debug|trace|silent (default info)
  MODELHUB_REQUEST_LOGS  off to drop the per-request log lines
  MODELHUB_DEMO_CATALOG  off to start with an empty database`;

const FLAGS = {
  port: { type: "string" },
  db: { type: "string" },
  host: { type: "string" },
  workers: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

// packages/web/dist, from packages/cli/{src,dist}/commands/.
const DEFAULT_WEB_ROOT = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** The web build to serve: MODELHUB_WEB_ROOT, else the workspace's build once it exists, else none. */
export function webRoot(env: Record<string, string | undefined>): string | null {
  const root = env.MODELHUB_WEB_ROOT || DEFAULT_WEB_ROOT;
  return existsSync(join(root, "index.html")) ? root : null;
}

function usageError(message: string): number {
  process.stderr.write(`modelhub serve: ${message}\n\n${HELP}\n`);
  return 2;
}

/** Most workers accepted: more processes than this only compete for the database's connections. */
const MAX_WORKERS = 64;

function parseWorkers(text: string): number {
  const workers = Number(text);
  if (!/^[0-9]+$/.test(text) || workers < 1 || workers > MAX_WORKERS) {
    throw new Error(`--workers must be a whole number from 1 to ${MAX_WORKERS}, got "${text}"`);
  }
  return workers;
}

// SQLite has one writer at a time, and a transaction that reads before it writes fails at once (SQLITE_BUSY, no
// waiting) when another process wrote meanwhile; nor can SQLite tell other processes what changed.
const SQLITE_WORKERS =
  "--workers needs PostgreSQL (DATABASE_URL): on SQLite, run one process (it uses both cores for git and hashing)";

function describeDatabase(config: ServerConfig): string {
  return config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite ${config.dbPath}`;
}

/** Runs `modelhub serve`; resolves with the exit status after a clean shutdown. */
export async function serveCommand(args: string[]): Promise<number> {
  let config: ServerConfig;
  let workers = 1;
  try {
    const { values, positionals } = parseArgs({ args, options: FLAGS, allowPositionals: true });
    if (values.help) {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (positionals.length > 0) return usageError(`unexpected argument "${positionals[0]}"`);
    config = resolveServerConfig(process.env, {
      ...(values.port === undefined ? {} : { port: parsePort(values.port, "--port") }),
      ...(values.db === undefined ? {} : { db: values.db }),
      ...(values.host === undefined ? {} : { host: values.host }),
    });
    if (values.workers !== undefined) workers = parseWorkers(values.workers);
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (workers > 1 && !config.databaseUrl) return usageError(SQLITE_WORKERS);
  if (cluster.isWorker) return serveWorker(config);
  if (workers > 1) return servePrimary(config, workers);

  const root = webRoot(process.env);
  // The HTTP stack is loaded only here, so the other commands start without it.
  const { closeOnSignals, startServer } = await import("@modelhub/server");
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ ...config, webRoot: root });
  } catch (error) {
    process.stderr.write(`modelhub serve: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`modelhub listening on ${server.url} (${describeDatabase(config)})\n`);
  reportStart(root, server);
  await closeOnSignals(server);
  return 0;
}

function reportStart(root: string | null, start: { catalogLoaded: number; adminToken: AdminToken }): void {
  const out = process.stdout;
  out.write(root ? `serving the web app from ${root}\n` : "web app not built: serving the API only (npm run build)\n");
  if (start.catalogLoaded > 0) out.write(`loaded ${start.catalogLoaded} demo models into the empty database\n`);
  if (start.adminToken.generatedFile) {
    out.write(
      `admin token for writes (shown once; kept in ${start.adminToken.generatedFile}):\n  ${start.adminToken.token}\n`,
    );
  }
}

// The primary prepares the database once (migrations, demo catalog, index repair, token), then runs the workers.
async function servePrimary(config: ServerConfig, workers: number): Promise<number> {
  const root = webRoot(process.env);
  const { prepareServer, superviseWorkers } = await import("@modelhub/server");
  let prepared: Awaited<ReturnType<typeof prepareServer>>;
  try {
    prepared = await prepareServer({ ...config, webRoot: root });
  } catch (error) {
    process.stderr.write(`modelhub serve: ${(error as Error).message}\n`);
    return 1;
  }
  const out = process.stdout;
  out.write(`modelhub starting ${workers} workers on ${config.host}:${config.port} (${describeDatabase(config)})\n`);
  reportStart(root, prepared);
  return superviseWorkers({ workers, log: (line) => out.write(`${line}\n`) });
}

// A worker serves quietly: the primary reports for the cluster; errors go to stderr.
async function serveWorker(config: ServerConfig): Promise<number> {
  const { serveAsWorker, startServer } = await import("@modelhub/server");
  try {
    const server = await startServer({
      ...config,
      webRoot: webRoot(process.env),
      worker: { id: cluster.worker?.id ?? 0 },
    });
    await serveAsWorker(server);
    return 0;
  } catch (error) {
    process.stderr.write(`modelhub serve (worker ${cluster.worker?.id}): ${(error as Error).message}\n`);
    return 1;
  }
}
