import { getProviders, type ProviderLabel } from "../api";
import { type Resource, useResource } from "./useResource";

/** The providers the snippets can target, with their display names. */
export function useProviders(): Resource<ProviderLabel[]> {
  return useResource("providers", getProviders);
}
