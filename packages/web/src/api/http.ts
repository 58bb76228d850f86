import { ApiError } from "./api-error";

/** A JSON body and the response headers it came with. */
export interface JsonResponse {
  /** The parsed body. */
  body: unknown;
  /** The response headers. */
  headers: Headers;
}

/** The `{ "error": "..." }` message of an error body, or a generic one. */
function errorMessage(body: unknown, status: number): string {
  if (typeof body === "object" && body !== null && "error" in body && typeof body.error === "string") {
    return body.error;
  }
  return `The server answered ${status}.`;
}

/** GETs `url` and parses its JSON; throws `ApiError` on a network failure or a 4xx/5xx answer. */
export async function getJson(url: string, signal?: AbortSignal): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "The server could not be reached.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, errorMessage(body, response.status), response.headers.get("x-request-id"));
  }
  return { body, headers: response.headers };
}

/** `path` with the query `params` appended, skipping empty values. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(name, value);
  }
  const text = query.toString();
  return text === "" ? path : `${path}?${text}`;
}
