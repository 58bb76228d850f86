// The snippet engine's public API.
export * from "./code/index.js";
export { applicableLibraries, isLibraryKey } from "./libraries/applicable-libraries.js";
export type { LibraryEntry, LibrarySnippetFn } from "./libraries/library-entry.js";
export { getLibrarySnippets, type LibrarySnippets } from "./libraries/library-snippets.js";
export { LIBRARIES, type LibraryKey } from "./libraries/registry.js";
export { type SnippetLanguage, snippetLanguage } from "./libraries/snippet-language.js";
export type {
  ModelConfig,
  ModelRecord,
  ProviderMappingEntry,
  ProviderStatus,
  Sibling,
  TransformersInfo,
  WidgetExample,
} from "./model.js";
