import { getSnippets, type ModelSnippets } from "../api";
import { describeError } from "../lib/error-text";
import { useResource } from "./useResource";

/** Where the panel's library snippets come from: data, failure and a retry. */
export interface LibrarySource {
  /** The snippets whose libraries are shown. */
  data: ModelSnippets | undefined;
  /** Why they could not be loaded. */
  error: unknown;
  /** Loads them again. */
  reload: () => void;
}

/**
 * The library snippets of model `id`. They come with the inference snippets; only when the URL's inference options
 * are refused (a bad `provider`…) are they asked for again without options, so a bad option never hides them.
 */
export function useLibrarySnippets(
  id: string,
  withOptions: { data: ModelSnippets | undefined; error: unknown; reload: () => void },
): LibrarySource {
  const refused = withOptions.error !== undefined && describeError(withOptions.error).kind === "bad-parameter";
  const plain = useResource(refused ? `library-snippets:${id}` : "library-snippets:none", (signal) =>
    refused ? getSnippets(id, {}, signal) : Promise.resolve(undefined),
  );
  if (!refused) return withOptions;
  return { data: plain.data, error: plain.error, reload: plain.reload };
}
