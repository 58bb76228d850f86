import { getModel, type ModelDetail } from "../api";
import { type Resource, useResource } from "./useResource";

/** The record of the model `id`; its error is an `ApiError` 404 for an unknown model. */
export function useModel(id: string): Resource<ModelDetail> {
  return useResource(id, (signal) => getModel(id, signal));
}
