import { useCallback, useMemo } from "react";
import { navigate, useSearch } from "wouter/use-browser-location";

/** Changes to the query string: a string sets a parameter, null removes it. */
export type UrlChanges = Record<string, string | null>;

/** How a change enters the history: pushed (back returns to it) or replacing the current entry. */
export interface UrlChangeOptions {
  /** Replace the current history entry instead of pushing a new one (e.g. while typing). */
  replace?: boolean;
}

/**
 * The query string of the current page and a setter that changes some parameters and keeps the
 * rest. State kept here survives reloads and shared links, and back/forward walk through it.
 */
export function useUrlState(): [URLSearchParams, (changes: UrlChanges, options?: UrlChangeOptions) => void] {
  // The raw `location.search`: wouter's own useSearch decodes it once too often for values holding `%`.
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback((changes: UrlChanges, options: UrlChangeOptions = {}) => {
    // Read the live URL, not the rendered one, so two updates in one event both apply.
    const next = new URLSearchParams(window.location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    const target = `${window.location.pathname}${query === "" ? "" : `?${query}`}`;
    if (target !== `${window.location.pathname}${window.location.search}`) {
      navigate(target, { replace: options.replace ?? false });
    }
  }, []);
  return [params, update];
}
