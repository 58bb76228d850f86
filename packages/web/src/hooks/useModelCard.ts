import { getModelCard, type ModelCard } from "../api";
import { type Resource, useResource } from "./useResource";

/** The model card of the model `id`; null when it has none. */
export function useModelCard(id: string): Resource<ModelCard | null> {
  return useResource(id, (signal) => getModelCard(id, signal));
}
