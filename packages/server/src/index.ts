// The server package's public API: the HTTP application and its start-up, plus everything of ./storage.
export { type AppOptions, createApp, DEFAULT_BODY_LIMIT } from "./app.js";
export { type AdminToken, resolveAdminToken } from "./auth/admin-token.js";
export { closeOnSignals, type RunningServer, type StartOptions, startServer } from "./server.js";
export * from "./storage.js";
