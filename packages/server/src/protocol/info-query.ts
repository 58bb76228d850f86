// The query parameters the field's clients send with a model read: `blobs`, `securityStatus`, and `expand` (repeated,
// or as `expand[]`). Unknown expand values are ignored (clients ask for fields this hub may not have); a bad value of
// a known parameter is a 400 naming it.
import { HubError } from "../errors.js";

/** A boolean query flag as the clients spell it. */
export function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  // Python's requests spells booleans `True` and `False`.
  if (value === "true" || value === "True" || value === "1" || value === "") return true;
  if (value === "false" || value === "False" || value === "0") return false;
  throw new HubError("bad_request", `parameter "${name}" must be true or false`);
}

/** Every value of `expand` and `expand[]`. */
export function expandValues(query: Record<string, unknown>): string[] {
  const values: string[] = [];
  for (const name of ["expand", "expand[]"]) {
    const value = query[name];
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (typeof item !== "string" || item.length > 100)
        throw new HubError("bad_request", `parameter "${name}" is malformed`);
      values.push(item);
    }
  }
  return values;
}

/** Checks that `query` holds only `allowed` parameters, each once unless repeatable. */
export function onlyParams(query: Record<string, unknown>, allowed: readonly string[]): void {
  for (const [name, value] of Object.entries(query)) {
    if (!allowed.includes(name)) throw new HubError("bad_request", `unknown parameter "${name}"`);
    if (Array.isArray(value) && !name.startsWith("expand"))
      throw new HubError("bad_request", `parameter "${name}" is given more than once`);
  }
}
