// The server package's public API: the HTTP application and its start-up, plus everything of ./storage.
export { type AppOptions, createApp, DEFAULT_BODY_LIMIT } from "./app.js";
export { type AdminToken, resolveAdminToken } from "./auth/admin-token.js";
export { serveAsWorker } from "./cluster/serve-as-worker.js";
export { DEFAULT_WORKER_SHUTDOWN_MS, type SuperviseOptions, superviseWorkers } from "./cluster/supervise-workers.js";
export { closeOnSignals, prepareServer, type RunningServer, type StartOptions, startServer } from "./server.js";
export * from "./storage.js";
