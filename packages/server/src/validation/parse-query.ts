import type { z } from "zod";
import { HubError } from "../errors.js";
import { describeZodError } from "./describe-zod-error.js";

/** Validates a parsed query string with `schema`; a repeated, unknown or bad parameter is a 400 naming it. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const params = (query ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) throw new HubError("bad_request", `parameter "${name}" is given more than once`);
  }
  const result = schema.safeParse(params);
  if (!result.success) throw new HubError("bad_request", describeZodError(result.error, "parameter"));
  return result.data;
}
