// Which file fetches count as a download: the model's library's countDownloads query (spec §3), or the
// engine's default file list when the library has none or the model names no known library.
import { compileDownloadQuery, isLibraryKey, LIBRARIES, type LibraryEntry } from "@modelhub/snippets";

/** Decides whether fetching a path of a model counts as one download. */
export interface DownloadRules {
  /** True when fetching `path` of a model made for `libraryName` counts. */
  counts(libraryName: string | null | undefined, path: string): boolean;
  /** The query that decides for `libraryName`, or null when the default file list does. */
  queryFor(libraryName: string | null | undefined): string | null;
}

/** The library's countDownloads query, or null when the default file list applies. */
function libraryQuery(libraryName: string | null | undefined): string | null {
  if (!isLibraryKey(libraryName)) return null;
  const entry: LibraryEntry = LIBRARIES[libraryName];
  return entry.countDownloads ?? null;
}

/** Download rules with each library's query compiled once, on first use, for the life of the returned object. */
export function createDownloadRules(): DownloadRules {
  const matchers = new Map<string | null, (path: string) => boolean>();
  const matcherFor = (query: string | null): ((path: string) => boolean) => {
    let matcher = matchers.get(query);
    if (!matcher) {
      matcher = compileDownloadQuery(query);
      matchers.set(query, matcher);
    }
    return matcher;
  };
  return {
    counts: (libraryName, path) => matcherFor(libraryQuery(libraryName))(path),
    queryFor: libraryQuery,
  };
}
