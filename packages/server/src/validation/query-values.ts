// Zod pieces for query-string values, which always arrive as strings.
import { z } from "zod";
import { nameProblem } from "./input-limits.js";

/** A free-text filter; an empty value means no filter, as the web's empty search box sends it. */
export function textFilter(maxLength: number) {
  return z
    .string()
    .max(maxLength, `must be at most ${maxLength} characters`)
    .refine((value) => nameProblem(value) === null, "may not hold control characters")
    .transform((value) => value.trim() || undefined)
    .optional();
}

/** A whole number in `[min, max]` written in decimal digits. */
export function integerParam(min: number, max: number) {
  return z
    .string()
    .regex(/^-?[0-9]{1,10}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** `true` or `false`. */
export const booleanParam = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");
