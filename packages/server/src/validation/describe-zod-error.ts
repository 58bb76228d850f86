// Turns a zod failure into one sentence that names the field or parameter at fault.
import type { z } from "zod";

/** The dotted path of a zod issue, e.g. `config.peft.task_type` or `tags.2`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** A message naming the first problem of `error`; `kind` says what the names are ("field" or "parameter"). */
export function describeZodError(error: z.ZodError, kind: "field" | "parameter"): string {
  const issue = error.issues[0];
  if (!issue) return `invalid ${kind}`;
  const where = issuePath(issue.path);
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((k) => (where ? `${where}.${k}` : k));
    return `unknown ${kind}${keys.length > 1 ? "s" : ""} ${keys.map((k) => `"${k}"`).join(", ")}`;
  }
  return where ? `${kind} "${where}": ${issue.message}` : issue.message;
}
