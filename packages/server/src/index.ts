// The server package's public API.
export { type AppOptions, createApp, DEFAULT_BODY_LIMIT } from "./app.js";
export { type AdminToken, resolveAdminToken } from "./auth/admin-token.js";
export { DEMO_CATALOG_PATH } from "./catalog/catalog-path.js";
export { loadDemoCatalog } from "./catalog/load-demo-catalog.js";
export { readLines } from "./catalog/read-lines.js";
export { DEFAULT_PORT, parsePort, resolveServerConfig, type ServeFlags, type ServerConfig } from "./config.js";
export { type ErrorCode, HubError } from "./errors.js";
export {
  BULK_LOAD_BELOW,
  IMPORT_BATCH_SIZE,
  type ImportOptions,
  type ImportProgress,
  importModels,
  type RejectedLine,
} from "./import/import-models.js";
export type { HubModel, ModelSummary } from "./models/hub-model.js";
export { closeOnSignals, type RunningServer, type StartOptions, startServer } from "./server.js";
export { openStore, type StoreOptions } from "./store/open-store.js";
export type { Counted, ListQuery, ModelPage, Store } from "./store/store.js";
export { modelIdProblem } from "./validation/model-id.js";
export { modelRecordSchema } from "./validation/model-record.js";
