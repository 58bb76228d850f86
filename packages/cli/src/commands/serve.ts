// `modelhub serve`: the hub (HTTP API and web app) on one port, until SIGTERM or SIGINT.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parsePort, resolveServerConfig, type ServerConfig } from "@modelhub/server/storage";

const HELP = `Usage: modelhub serve [--port N] [--db PATH] [--host HOST]

Starts the hub: the HTTP API under /api and the web app at /. An empty database gets the demo catalog.

Options:
  --port N       port (default: $PORT or 8080)
  --db PATH      SQLite file (default: $MODELHUB_DATA_DIR/modelhub.db, data dir ./data)
  --host HOST    interface to listen on (default: $HOST or 127.0.0.1; 0.0.0.0 for every interface)
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

function describeDatabase(config: ServerConfig): string {
  return config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite ${config.dbPath}`;
}

/** Runs `modelhub serve`; resolves with the exit status after a clean shutdown. */
export async function serveCommand(args: string[]): Promise<number> {
  let config: ServerConfig;
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
  } catch (error) {
    return usageError((error as Error).message);
  }

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
  const out = process.stdout;
  out.write(`modelhub listening on ${server.url} (${describeDatabase(config)})\n`);
  out.write(root ? `serving the web app from ${root}\n` : "web app not built: serving the API only (npm run build)\n");
  if (server.catalogLoaded > 0) out.write(`loaded ${server.catalogLoaded} demo models into the empty database\n`);
  if (server.adminToken.generatedFile) {
    out.write(
      `admin token for writes (shown once; kept in ${server.adminToken.generatedFile}):\n  ${server.adminToken.token}\n`,
    );
  }
  await closeOnSignals(server);
  return 0;
}
