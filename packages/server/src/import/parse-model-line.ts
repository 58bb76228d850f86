import { HubError } from "../errors.js";
import { completeModel } from "../models/complete-model.js";
import type { HubModel } from "../models/hub-model.js";
import { parseModelInput } from "../validation/parse-model-input.js";

/** The record on one JSON Lines line, or why the line is rejected. */
export type ParsedLine = { ok: true; model: HubModel } | { ok: false; message: string };

/** Parses and validates one line; `now` fills in missing dates. Never throws for bad input. */
export function parseModelLine(text: string, now: Date): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not valid JSON (${(error as Error).message})` };
  }
  try {
    return { ok: true, model: completeModel(parseModelInput(value), { now }) };
  } catch (error) {
    if (error instanceof HubError) return { ok: false, message: error.message };
    throw error;
  }
}
