// Starting and stopping the hub: open the store, load the demo catalog, listen; close cleanly on a signal.
import type { FastifyInstance } from "fastify";
import { createApp } from "./app.js";
import { type AdminToken, resolveAdminToken } from "./auth/admin-token.js";
import { LocalBlobStore } from "./blobs/local-blob-store.js";
import { sweepOrphanBlobsOnStart } from "./blobs/sweep-on-start.js";
import { loadDemoCatalog } from "./catalog/load-demo-catalog.js";
import { loadDemoFiles } from "./catalog/load-demo-files.js";
import type { ChangeFeed } from "./changes/change-feed.js";
import type { SharedLocks } from "./cluster/postgres-keyed-locks.js";
import type { ServerConfig } from "./config.js";
import { closeApp } from "./http/close-app.js";
import { openGitModelRepos } from "./repos/git-model-repos.js";
import { repairIndexOnStart } from "./repos/repair-on-start.js";
import { reposRoot } from "./repos/repo-layout.js";
import { openStore } from "./store/open-store.js";
import type { Store } from "./store/store.js";

/** What `startServer` needs: a resolved config, plus the web build to serve. */
export interface StartOptions extends ServerConfig {
  /** The web app's build directory, or null for the API only. */
  webRoot: string | null;
  /** Set in a worker of `serve --workers`: the primary prepared the database (`prepareServer`); this one serves,
   * and says so in an `x-modelhub-worker` header. */
  worker?: { id: number } | undefined;
}

/** A running hub. */
export interface RunningServer {
  /** The Fastify application. */
  app: FastifyInstance;
  /** The store it serves. */
  store: Store;
  /** `http://host:port`. */
  url: string;
  /** The admin token, and where it was written when generated just now (print it once). */
  adminToken: AdminToken;
  /** Models loaded from the demo catalog at this start (0 when the database already had models). */
  catalogLoaded: number;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** What `openHub` made, not listening yet. */
interface OpenedHub {
  app: FastifyInstance;
  store: Store;
  adminToken: AdminToken;
  catalogLoaded: number;
  close(): Promise<void>;
}

// The start-up steps that change the database (demo catalog, index repair, a generated token) run once per start:
// in the only process, or in the primary of `serve --workers` before it starts the workers (`options.worker` set).
async function openHub(options: StartOptions, serving: boolean): Promise<OpenedHub> {
  // The serving lock keeps `modelhub import` off its bulk path (which drops the unique id indexes) while this hub runs.
  const serve = { onWait: (holder: string) => process.stderr.write(`waiting for ${holder} to finish…\n`) };
  const store = await openStore({
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dbPath: options.dbPath }),
    serve,
  });
  let changes: ChangeFeed | null = null;
  let locks: SharedLocks | null = null;
  const closeShared = () => Promise.all([store.close(), changes?.close(), locks?.close()]).then(() => {});
  try {
    changes = serving ? await openChangeFeed(options.databaseUrl) : null;
    // Hubs sharing the database share the data directory too: their writes to one model or blob take turns.
    locks = await openSharedLocks(options.databaseUrl);
    const prepare = options.worker === undefined;
    const loaded = prepare && options.demoCatalog ? await loadDemoCatalog(store) : null;
    const adminToken = resolveAdminToken(options.adminToken, options.dataDir);
    // Model files live beside the database; opening sweeps what an upload cut off by a crash left behind.
    const blobs = await LocalBlobStore.open(options.dataDir);
    // Git is the truth for files: the index is repaired from it before the first request.
    const repos = await openGitModelRepos(reposRoot(options.dataDir));
    if (prepare) {
      const log = (message: string, fields: Record<string, unknown>) =>
        process.stderr.write(`${message} ${JSON.stringify(fields)}\n`);
      await repairIndexOnStart(store, repos, log);
      // Then blobs no file, revision or upload names, older than the longest upload (a kill -9 mid-upload).
      await sweepOrphanBlobsOnStart(store, repos, blobs, options.maxUploadMs, log);
    }
    const app = await createApp({
      store,
      adminToken: adminToken.token,
      blobs,
      repos,
      maxUploadBytes: options.maxUploadBytes,
      webRoot: options.webRoot,
      logger: options.logLevel === "silent" ? false : { level: options.logLevel },
      requestLogs: options.requestLogs,
      publicUrl: options.publicUrl ?? null,
      cardImageOrigins: options.cardImageOrigins,
      maxConnections: options.maxConnections,
      changes,
      cardRenderTimeoutMs: options.cardRenderTimeoutMs,
      locks,
    });
    const worker = options.worker;
    if (worker) {
      // Which worker answered: for load balancer checks and the multi-process tests.
      app.addHook("onSend", async (_request, reply, payload) => {
        reply.header("x-modelhub-worker", String(worker.id));
        return payload;
      });
    }
    // The demo models' files go in before the hub listens, through the upload route, dated as their models.
    if (loaded) await loadDemoFiles(app, store, adminToken.token);
    let closing: Promise<void> | null = null;
    const close = () => {
      closing ??= closeApp(app).finally(closeShared);
      return closing;
    };
    return { app, store, adminToken, catalogLoaded: loaded?.accepted ?? 0, close };
  } catch (error) {
    await closeShared();
    throw error;
  }
}

/** Opens the store, loads the demo catalog into an empty database, and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const hub = await openHub(options, true);
  try {
    const url = await hub.app.listen({ port: options.port, host: options.host });
    return { ...hub, url };
  } catch (error) {
    await hub.close();
    throw error;
  }
}

/**
 * The once-per-start steps of a hub whose workers start next (`serve --workers`): migrations, the demo catalog,
 * index repair, the admin token. Does not listen; closes what it opened.
 */
export async function prepareServer(
  options: StartOptions,
): Promise<Pick<RunningServer, "adminToken" | "catalogLoaded">> {
  const hub = await openHub({ ...options, worker: undefined }, false);
  await hub.close();
  return { adminToken: hub.adminToken, catalogLoaded: hub.catalogLoaded };
}

// On PostgreSQL several hub processes may share the database: each hears the others' writes. SQLite has one.
async function openChangeFeed(databaseUrl: string | undefined): Promise<ChangeFeed | null> {
  if (!databaseUrl) return null;
  const { openPostgresChangeFeed } = await import("./changes/postgres-change-feed.js");
  return openPostgresChangeFeed({ url: databaseUrl, log: logLine });
}

async function openSharedLocks(databaseUrl: string | undefined): Promise<SharedLocks | null> {
  if (!databaseUrl) return null;
  const { openPostgresLocks } = await import("./cluster/postgres-keyed-locks.js");
  return openPostgresLocks(databaseUrl, logLine);
}

const logLine = (message: string, fields: Record<string, unknown>): void => {
  process.stderr.write(`${message} ${JSON.stringify(fields)}\n`);
};

/** Closes `server` on the first SIGTERM or SIGINT; resolves once it is closed. */
export function closeOnSignals(
  server: RunningServer,
  signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onSignal = (signal: NodeJS.Signals) => {
      for (const s of signals) process.off(s, onSignal);
      server.app.log.info({ signal }, "shutting down");
      server.close().then(resolve, reject);
    };
    for (const s of signals) process.on(s, onSignal);
  });
}
