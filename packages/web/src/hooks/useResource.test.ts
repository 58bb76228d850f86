import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useResource } from "./useResource";

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("useResource", () => {
  it("keeps the newest answer when an older request finishes last", async () => {
    const pending = { a: deferred<string>(), b: deferred<string>() };
    const signals: AbortSignal[] = [];
    const { result, rerender } = renderHook(
      ({ key }: { key: "a" | "b" }) =>
        useResource(key, (signal) => {
          signals.push(signal);
          return pending[key].promise;
        }),
      { initialProps: { key: "a" as "a" | "b" } },
    );
    rerender({ key: "b" });
    await act(async () => pending.b.resolve("from b"));
    await act(async () => pending.a.resolve("from a"));
    expect(result.current.data).toBe("from b");
    expect(signals[0]?.aborted).toBe(true);
  });

  it("keeps the last data on error, and reloads on demand", async () => {
    let attempt = 0;
    const { result } = renderHook(() =>
      useResource("k", async () => {
        attempt += 1;
        if (attempt === 2) throw new Error("down");
        return `answer ${attempt}`;
      }),
    );
    await waitFor(() => expect(result.current.data).toBe("answer 1"));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.data).toBe("answer 1");
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe("answer 3"));
    expect(result.current.error).toBeUndefined();
    expect(result.current.loading).toBe(false);
  });
});
