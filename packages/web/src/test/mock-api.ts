import { vi } from "vitest";

/** A canned answer of the mocked API. */
export interface MockAnswer {
  /** HTTP status; 200 when absent. */
  status?: number;
  /** The JSON body. */
  body: unknown;
  /** Response headers. */
  headers?: Record<string, string>;
}

/** Answers a request URL, or returns undefined to fall through to 404. */
export type MockRoute = (url: URL) => MockAnswer | undefined;

/**
 * Stubs `fetch` with routes keyed by pathname (or a function for anything else) and returns the
 * mock, whose calls show which URLs the app asked for.
 */
export function mockApi(routes: Record<string, MockAnswer | MockRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://hub.test");
    const route = routes[decodeURIComponent(url.pathname)];
    const answer = typeof route === "function" ? route(url) : route;
    const { status = 200, body, headers = {} } = answer ?? { status: 404, body: { error: "Not found" } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The URLs `fetch` was called with, as URL objects. */
export function requestedUrls(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://hub.test"));
}
