import { getModelFiles, type ModelFile } from "../api";
import { type Resource, useResource } from "./useResource";

/** The files of the model `id`, sorted by path. */
export function useModelFiles(id: string): Resource<ModelFile[]> {
  return useResource(id, (signal) => getModelFiles(id, signal));
}
