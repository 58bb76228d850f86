import { ApiError } from "../api";

/** A sentence for the visitor about a failed request: the server's message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something unexpected went wrong.";
}
