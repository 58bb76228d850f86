// The inference flags of `modelhub snippets`, derived from the engine's option table: the flags, their help
// lines (with the default the engine really uses) and the option each flag sets.
import { INFERENCE_OPTION_SPECS, type InferenceOptionName, type InferenceOptionSpec } from "@modelhub/snippets";

const HELP_COLUMN = 25;

function helpLine(spec: InferenceOptionSpec): string {
  const flag = `  --${spec.flag}${spec.valueName === "" ? "" : ` ${spec.valueName}`}`;
  const defaultNote = spec.defaultValue !== null && spec.kind !== "boolean" ? ` (default: ${spec.defaultValue})` : "";
  return `${flag.padEnd(HELP_COLUMN)}${spec.description}${defaultNote}`;
}

/** The "Inference options:" block of the help, one line per option. */
export const INFERENCE_FLAGS_HELP = INFERENCE_OPTION_SPECS.map(helpLine).join("\n");

/** `node:util` parseArgs configuration of the inference flags (values stay strings: the engine converts them). */
export const INFERENCE_FLAGS = Object.fromEntries(
  INFERENCE_OPTION_SPECS.map((spec) => [spec.flag, { type: spec.kind === "boolean" ? "boolean" : "string" }]),
) as Record<string, { type: "boolean" | "string" }>;

/** CLI flag -> the engine option it sets. */
export const OPTION_OF_FLAG: ReadonlyMap<string, InferenceOptionName> = new Map(
  INFERENCE_OPTION_SPECS.map((spec) => [spec.flag, spec.name]),
);
