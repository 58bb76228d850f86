import { type FilterLibrary, getFilterLibraries } from "../api";
import { type Resource, useResource } from "./useResource";

/** The libraries offered in the list filter, with their model counts. */
export function useFilterLibraries(): Resource<FilterLibrary[]> {
  return useResource("filter-libraries", getFilterLibraries);
}
