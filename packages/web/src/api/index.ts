// The web app's API client: fetch functions and wire types.
export { ApiError, isNotFound } from "./api-error";
export { getFilterLibraries, getPipelines } from "./catalog";
export { getModelCard, getModelFiles } from "./files";
export { apiModelPath, modelIdFromPath, modelPath } from "./model-path";
export { getModel, getModelFacets, listModels, type ModelQuery, type ModelSort } from "./models";
export { getProviders } from "./providers";
export { getSnippets } from "./snippets";
export type * from "./types";
