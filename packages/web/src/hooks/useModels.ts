import { listModels, type ModelPage, type ModelQuery } from "../api";
import { useDebounced } from "./useDebounced";
import { type Resource, useResource } from "./useResource";

// Long enough to skip the keys of a word being typed, short enough to feel live.
const SEARCH_DEBOUNCE_MS = 250;

/** One page of the model list for `query`; the search text is debounced. */
export function useModels(query: ModelQuery): Resource<ModelPage> {
  const search = useDebounced(query.search ?? "", SEARCH_DEBOUNCE_MS);
  const settled: ModelQuery = { ...query, search };
  return useResource(JSON.stringify(settled), (signal) => listModels(settled, signal));
}
