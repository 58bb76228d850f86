import { HubError } from "../errors.js";

/** The conflict of creating model `id` where `existing` is stored: the same id, or one differing only in case. */
export function idTaken(id: string, existing: string): HubError {
  return existing === id
    ? new HubError("conflict", `model "${id}" already exists`)
    : new HubError(
        "conflict",
        `model "${id}" conflicts with the existing model "${existing}": ids are case-insensitive`,
      );
}
