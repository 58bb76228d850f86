// The storage half of the server's API: store, import, catalog and configuration, without the HTTP stack.
// `modelhub import` loads only this, so an import of a million records does not carry Fastify in memory.
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
export { openStore, type StoreOptions } from "./store/open-store.js";
export type { BulkLoad, Counted, ListQuery, ModelPage, Store } from "./store/store.js";
export { modelIdProblem } from "./validation/model-id.js";
export { modelRecordSchema } from "./validation/model-record.js";
