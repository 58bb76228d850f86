import { useCallback, useEffect, useEffectEvent, useState } from "react";

/** What a component knows about data being fetched. */
export interface Resource<T> {
  /** The latest successfully loaded value; kept while a newer request runs, so screens do not flash. */
  data: T | undefined;
  /** The error of the latest request, when it failed. */
  error: unknown;
  /** Whether a request is running. */
  loading: boolean;
  /** Runs the request again. */
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes and tracks its result. The previous request is aborted, so
 * a slow old answer never overwrites a newer one.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  // The latest `load` is read when the key changes; callers need not memoise it.
  const run = useEffectEvent(load);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on reload.
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ data: previous.data, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
