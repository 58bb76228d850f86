// Secret inference options (the engine's option table marks them) travel in a header, never in a URL: URLs are
// logged, cached and kept in browser history. Each secret option `x` with CLI flag `--x-y` is the header `X-X-Y`.
import { INFERENCE_OPTION_SPECS, type InferenceOptionSpec, SECRET_OPTION_NAMES } from "@modelhub/snippets";

/** The request header that carries secret option `spec` (e.g. accessToken → `x-access-token`), lower case. */
export function secretHeaderName(spec: InferenceOptionSpec): string {
  return `x-${spec.flag}`;
}

/** The secret options, each with its header. */
export const SECRET_OPTIONS = INFERENCE_OPTION_SPECS.filter((spec) => spec.secret).map((spec) => ({
  name: spec.name,
  header: secretHeaderName(spec),
}));

/** Every spelling of a secret option (canonical, CLI flag, aliases) plus the field's token parameters, lower case:
 * what the log redacts and the snippets route refuses in a query string. */
export const SECRET_PARAMETER_NAMES: ReadonlySet<string> = new Set(
  [...SECRET_OPTION_NAMES, "access_token", "token", "signature", "password"].map((name) => name.toLowerCase()),
);

/** True when query parameter `name` holds a secret. */
export function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETER_NAMES.has(name.toLowerCase());
}
