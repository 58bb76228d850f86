// The storage half of the server's API: store, import, catalog and configuration, without the HTTP stack.
// `modelhub import` loads only this, so an import of a million records does not carry Fastify in memory.

export type { Account, OrgRole, TokenInfo, TokenRole } from "./accounts/account.js";
export {
  type AccountService,
  createAccountService,
  parseOrgRole,
  parseTokenRole,
} from "./accounts/account-service.js";
export { type BlobStore, isSha256 } from "./blobs/blob-store.js";
export { LocalBlobStore } from "./blobs/local-blob-store.js";
export { ModelFileError } from "./card/model-file-error.js";
export { DEMO_CATALOG_PATH } from "./catalog/catalog-path.js";
export { loadDemoCatalog } from "./catalog/load-demo-catalog.js";
export { readLines } from "./catalog/read-lines.js";
export { DEFAULT_PORT, parsePort, resolveServerConfig, type ServeFlags, type ServerConfig } from "./config.js";
export { type ErrorCode, HubError } from "./errors.js";
export type { RepoFile } from "./files/repo-file.js";
export {
  BULK_LOAD_BELOW,
  IMPORT_BATCH_SIZE,
  type ImportOptions,
  type ImportProgress,
  importModels,
  type RejectedLine,
} from "./import/import-models.js";
export {
  type FileProgress,
  type FolderImportOptions,
  type FolderImportResult,
  importModelFolder,
} from "./model-folder/import-model-folder.js";
export { type FolderFile, type ModelFolder, readModelFolder } from "./model-folder/read-model-folder.js";
export type { HubModel, ModelSummary } from "./models/hub-model.js";
export { openGitModelRepos } from "./repos/git-model-repos.js";
export type { ModelRepos } from "./repos/model-repos.js";
export { reposRoot } from "./repos/repo-layout.js";
export { openStore, type StoreOptions } from "./store/open-store.js";
export type { BulkLoad, Counted, ListQuery, ModelPage, Store } from "./store/store.js";
export {
  LIST_DIRECTIONS,
  LIST_FILTER_PARAMS,
  LIST_SORTS,
  type ListFilterParam,
} from "./validation/list-params.js";
export { modelIdProblem } from "./validation/model-id.js";
export { modelRecordSchema } from "./validation/model-record.js";
