import { HubError } from "../errors.js";
import { describeZodError } from "./describe-zod-error.js";
import { jsonProblem } from "./input-limits.js";
import { type ModelRecordInput, modelRecordSchema } from "./model-record.js";

/**
 * Validates a model record from a request body or an import line; a bad one is a 400 naming the field. `plain`: the
 * value was parsed from a text that jsonTextIsPlain accepted, so the limits' walk is skipped.
 */
export function parseModelInput(value: unknown, plain = false): ModelRecordInput {
  // Bodies were checked by the JSON parser already; import lines and folders arrive here directly.
  const problem = plain ? null : jsonProblem(value);
  if (problem) throw new HubError("bad_request", problem);
  const result = modelRecordSchema.safeParse(value);
  if (!result.success) throw new HubError("bad_request", describeZodError(result.error, "field"));
  return result.data;
}
