import { getModelCard, type ModelCard } from "../api";
import { type Resource, useResource } from "./useResource";

/**
 * The model card of the model `id`; null when it has none. `hasCard` comes from the record's file list: a model
 * without README.md is not asked for one (the browser would log the 404 as an error); undefined waits for the record.
 */
export function useModelCard(id: string, hasCard: boolean | undefined): Resource<ModelCard | null> {
  return useResource(`${id}:${hasCard}`, (signal) =>
    hasCard === undefined
      ? new Promise<never>(() => undefined)
      : hasCard
        ? getModelCard(id, signal)
        : Promise.resolve(null),
  );
}
