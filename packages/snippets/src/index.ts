// The snippet engine's public API.
export * from "./code/index.js";
export {
  compileDownloadQuery,
  DEFAULT_DOWNLOAD_FILES,
  DOWNLOAD_FIELDS,
  type DownloadField,
  type DownloadQuery,
  DownloadQueryError,
  matchesDownloadQuery,
  parseDownloadQuery,
} from "./downloads.js";
export * from "./gguf/index.js";
export { type HubSetup, hubSetup, normaliseHubUrl, PUBLIC_HUB_URL } from "./hub-setup.js";
export * from "./inference/index.js";
export { applicableLibraries, isLibraryKey } from "./libraries/applicable-libraries.js";
export type { LibraryEntry, LibrarySnippetFn } from "./libraries/library-entry.js";
export { LIBRARY_FACTS, type LibraryFacts } from "./libraries/library-facts.js";
export { getLibrarySnippets, type LibrarySnippets } from "./libraries/library-snippets.js";
export { LIBRARIES, type LibraryKey } from "./libraries/registry.js";
export { type SnippetLanguage, snippetLanguage } from "./libraries/snippet-language.js";
export * from "./local-apps/index.js";
export type {
  ModelConfig,
  ModelRecord,
  ProviderMappingEntry,
  ProviderStatus,
  Sibling,
  TransformersInfo,
  WidgetExample,
} from "./model.js";
export { ModelRecordError, parseModelRecord } from "./model-record.js";
export { getModelSnippets, type InferenceInfo, type ModelSnippets, type SnippetContext } from "./model-snippets.js";
export { buildNotebook, type Notebook, type NotebookCell, type NotebookOptions } from "./notebook/notebook.js";
export {
  compareQuants,
  DEFAULT_QUANT,
  defaultQuant,
  nearestQuant,
  QUANT_BITS_PER_WEIGHT,
  quantBitsPerWeight,
  sortQuants,
} from "./quant-order.js";
export {
  type BaseQuantLabel,
  baseQuantLabel,
  GGML_TENSOR_TYPES,
  GGUF_FILE_TYPES,
  type GgmlTensorType,
  type GgufFileType,
  ggufFileTypeLabel,
  parseQuantLabel,
  type QuantLabel,
} from "./quantization.js";
