// A JSON body checked against a zod schema; a 400 naming the field at fault otherwise.
import type { z } from "zod";
import { HubError } from "../errors.js";
import { describeZodError } from "./describe-zod-error.js";

/** `body` as `schema` reads it; throws a 400 HubError naming the first bad field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new HubError("bad_request", describeZodError(result.error, "field"));
  return result.data;
}
