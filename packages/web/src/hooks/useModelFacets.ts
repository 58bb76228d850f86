import { getModelFacets, type ModelFacets, type ModelQuery } from "../api";
import { useDebounced } from "./useDebounced";
import { type Resource, useResource } from "./useResource";

// The same pause as the list's own search, so list and counts change together.
const SEARCH_DEBOUNCE_MS = 250;

/** The total and facet counts of the list's filters (the search text debounced); position and sort do not matter. */
export function useModelFacets(query: ModelQuery, tagLimit: number): Resource<ModelFacets> {
  const search = useDebounced(query.search ?? "", SEARCH_DEBOUNCE_MS);
  const filters: ModelQuery = {
    search,
    ...(query.library === undefined ? {} : { library: query.library }),
    ...(query.pipeline_tag === undefined ? {} : { pipeline_tag: query.pipeline_tag }),
    tags: query.tags ?? [],
  };
  return useResource(`facets:${JSON.stringify(filters)}:${tagLimit}`, (signal) =>
    getModelFacets(filters, tagLimit, signal),
  );
}
