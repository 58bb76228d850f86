import { HubError } from "../errors.js";
import { describeZodError } from "./describe-zod-error.js";
import { jsonProblem } from "./input-limits.js";
import { type ModelRecordInput, modelRecordSchema } from "./model-record.js";

/** Validates a model record from a request body or an import line; a bad one is a 400 naming the field. */
export function parseModelInput(value: unknown): ModelRecordInput {
  // Bodies were checked by the JSON parser already; import lines and folders arrive here directly.
  const problem = jsonProblem(value);
  if (problem) throw new HubError("bad_request", problem);
  const result = modelRecordSchema.safeParse(value);
  if (!result.success) throw new HubError("bad_request", describeZodError(result.error, "field"));
  return result.data;
}
