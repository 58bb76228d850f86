// The snippets endpoint's query parameters, derived from the engine's inference option table.
import {
  INFERENCE_OPTION_SPECS,
  INFERENCE_PROVIDERS,
  type InferenceOptionKind,
  type InferenceOptionSpec,
} from "@modelhub/snippets";
import { secretHeaderName } from "../http/secret-options.js";

type Json = Record<string, unknown>;

const SCHEMAS: Record<InferenceOptionKind, Json> = {
  string: { type: "string", minLength: 1 },
  url: { type: "string", format: "uri", pattern: "^https?://" },
  boolean: { type: "boolean" },
  number: { type: "number" },
  integer: { type: "integer", minimum: 0 },
  json: { type: "string", contentMediaType: "application/json" },
  provider: { type: "string", enum: Object.keys(INFERENCE_PROVIDERS) },
};

function parameter(spec: InferenceOptionSpec): Json {
  const schema: Json = { ...SCHEMAS[spec.kind] };
  if (spec.defaultValue !== null)
    schema.default = spec.kind === "boolean" ? spec.defaultValue === "true" : spec.defaultValue;
  const sentence = `${spec.description.charAt(0).toUpperCase()}${spec.description.slice(1)}.`;
  const description = spec.secret ? `${sentence} A credential: never embedded in a snippet.` : sentence;
  // A credential travels in a header: a URL is logged and cached (see http/secret-options.ts).
  if (spec.secret) return { name: secretHeaderName(spec), in: "header", required: false, description, schema };
  return { name: spec.name, in: "query", required: false, description, schema };
}

/** One query parameter per inference option (canonical names; the CLI spellings are accepted too). */
export const SNIPPET_PARAMETERS: Json[] = INFERENCE_OPTION_SPECS.map(parameter);
