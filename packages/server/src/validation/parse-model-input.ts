import { HubError } from "../errors.js";
import { describeZodError } from "./describe-zod-error.js";
import { type ModelRecordInput, modelRecordSchema } from "./model-record.js";

/** Validates a model record from a request body or an import line; a bad one is a 400 naming the field. */
export function parseModelInput(value: unknown): ModelRecordInput {
  const result = modelRecordSchema.safeParse(value);
  if (!result.success) throw new HubError("bad_request", describeZodError(result.error, "field"));
  return result.data;
}
