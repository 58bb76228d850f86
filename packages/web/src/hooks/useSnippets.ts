import { getSnippets, type ModelSnippets, type SnippetOptions } from "../api";
import { useDebounced } from "./useDebounced";
import { type Resource, useResource } from "./useResource";

// The free-text options (bill-to, endpoint URL) are typed; wait for a pause before asking again.
const TYPING_DEBOUNCE_MS = 300;

/** The library and inference snippets of model `id` for the inference `options`; typed options are debounced. */
export function useSnippets(id: string, options: SnippetOptions): Resource<ModelSnippets> {
  const billTo = useDebounced(options.billTo ?? "", TYPING_DEBOUNCE_MS);
  const endpointUrl = useDebounced(options.endpointUrl ?? "", TYPING_DEBOUNCE_MS);
  const settled: SnippetOptions = { ...options, billTo, endpointUrl };
  return useResource(JSON.stringify([id, settled]), (signal) => getSnippets(id, settled, signal));
}
