// Inference options as they come from outside (CLI flags, query strings): checked and converted by the spec table.
import { CONSOLE_LOGGER, type InferenceLogger, InferenceOptionError } from "./errors.js";
import { INFERENCE_OPTION_SPECS, type InferenceOptionName, type InferenceOptionSpec } from "./option-spec.js";
import type { InferenceOptions } from "./options.js";

// Every accepted spelling (canonical name, CLI flag, aliases) -> its spec. A Map: `__proto__` is just unknown.
const BY_SPELLING = new Map<string, InferenceOptionSpec>(
  INFERENCE_OPTION_SPECS.flatMap((spec) =>
    [spec.name, spec.flag, ...spec.aliases].map((spelling) => [spelling, spec] as const),
  ),
);

function assign<K extends InferenceOptionName>(
  out: InferenceOptions,
  spec: InferenceOptionSpec<K>,
  value: unknown,
  logger: InferenceLogger,
): void {
  out[spec.name] = spec.parse(value, logger);
}

/**
 * Checks and converts raw options: strings are accepted for booleans ("true"/"false"/"1"/"0", "" = true),
 * numbers and JSON (`messages`, `inputs`). Undefined values are skipped.
 * Throws InferenceOptionError naming the option for an unknown option or provider or a malformed value.
 * `inputs` that are not valid JSON are logged ("Failed to parse body as JSON") and used as the text given.
 */
export function parseInferenceOptions(
  raw: Record<string, unknown>,
  logger: InferenceLogger = CONSOLE_LOGGER,
): InferenceOptions {
  const out: InferenceOptions = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const spec = BY_SPELLING.get(key);
    if (spec === undefined) throw new InferenceOptionError(key, `Unknown inference option "${key}"`);
    assign(out, spec, value, logger);
  }
  return out;
}
