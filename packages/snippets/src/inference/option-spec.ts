// The inference options (spec §3) as one typed table: name, CLI flag, help text, default, value type and
// converter, secret flag. The engine's parser, the CLI's flags and help, the OpenAPI document and the
// server's log redaction are all derived from it, so none of them can drift from what the engine does.
import { isHeaderValue } from "../code/header.js";
import { type InferenceLogger, InferenceOptionError } from "./errors.js";
import type { ChatMessage, InferenceOptions } from "./options.js";
import { INFERENCE_PROVIDERS, type InferenceProvider, isInferenceProvider } from "./providers.js";
import type { InferenceInputs } from "./task-inputs.js";

/** The name of an inference option, as the engine and query strings spell it. */
export type InferenceOptionName = keyof InferenceOptions;

/** How an option's value is written outside: the CLI flag kind and the OpenAPI schema follow from it. */
export type InferenceOptionKind = "string" | "url" | "boolean" | "number" | "integer" | "json" | "provider";

/** One inference option. */
export interface InferenceOptionSpec<K extends InferenceOptionName = InferenceOptionName> {
  /** Canonical name (query strings, the engine's options object). */
  name: K;
  /** CLI flag, without the leading `--`. */
  flag: string;
  /** Other spellings accepted (camelCase twins of snake_case names). */
  aliases: readonly string[];
  /** How the value is written. */
  kind: InferenceOptionKind;
  /** What the CLI help shows as the value (`ORG`, `URL`); empty for boolean flags. */
  valueName: string;
  /** One line of help. */
  description: string;
  /** The value the engine uses when the option is absent, as written outside; null when there is none. */
  defaultValue: string | null;
  /** A credential: never logged, never in a cache key, never written into a snippet. */
  secret: boolean;
  /** Converts an outside value; throws InferenceOptionError naming the option. */
  parse(value: unknown, logger: InferenceLogger): NonNullable<InferenceOptions[K]>;
}

/** The provider the engine targets when none is given. */
export const DEFAULT_PROVIDER = "hf-inference" satisfies InferenceProvider;

function spec<K extends InferenceOptionName>(
  name: K,
  fields: Omit<InferenceOptionSpec<K>, "name" | "aliases" | "secret" | "defaultValue" | "valueName"> &
    Partial<Pick<InferenceOptionSpec<K>, "aliases" | "secret" | "defaultValue" | "valueName">>,
): InferenceOptionSpec<K> {
  return { name, aliases: [], secret: false, defaultValue: null, valueName: "", ...fields };
}

/** Every inference option, in the order help texts list them. */
export const INFERENCE_OPTION_SPECS = [
  spec("provider", {
    flag: "provider",
    kind: "provider",
    valueName: "NAME",
    description: "inference provider, or auto (the model's first live provider)",
    defaultValue: DEFAULT_PROVIDER,
    parse: provider,
  }),
  spec("streaming", {
    flag: "streaming",
    kind: "boolean",
    description: "streaming chat snippets",
    defaultValue: "false",
    parse: (value) => flag("streaming", value),
  }),
  spec("billTo", {
    flag: "bill-to",
    kind: "string",
    valueName: "ORG",
    description: "bill the organisation (X-HF-Bill-To header; printable ASCII)",
    parse: (value) => headerText("billTo", value),
  }),
  spec("directRequest", {
    flag: "direct-request",
    kind: "boolean",
    description: "call the provider directly instead of through the router",
    defaultValue: "false",
    parse: (value) => flag("directRequest", value),
  }),
  spec("endpointUrl", {
    flag: "endpoint-url",
    kind: "url",
    valueName: "URL",
    description: "call your own endpoint (an http(s) URL)",
    parse: url,
  }),
  spec("accessToken", {
    flag: "access-token",
    kind: "string",
    valueName: "TOKEN",
    description: "never printed; replaced by its environment variable",
    secret: true,
    parse: (value) => text("accessToken", value),
  }),
  spec("inputs", {
    flag: "inputs",
    kind: "json",
    valueName: "JSON",
    description: "inputs of the example call: text, a file path, or a JSON object",
    parse: inputs,
  }),
  spec("messages", {
    flag: "messages",
    kind: "json",
    valueName: "JSON",
    description: "chat messages, a JSON array (default: one example user message)",
    parse: messages,
  }),
  spec("temperature", {
    flag: "temperature",
    kind: "number",
    valueName: "N",
    description: "chat sampling temperature, >= 0",
    parse: (value) => number("temperature", value, 0, Number.POSITIVE_INFINITY, false),
  }),
  spec("max_tokens", {
    flag: "max-tokens",
    aliases: ["maxTokens"],
    kind: "integer",
    valueName: "N",
    description: "chat completion length limit, an integer >= 0",
    parse: (value) => number("max_tokens", value, 0, Number.MAX_SAFE_INTEGER, true),
  }),
  spec("top_p", {
    flag: "top-p",
    aliases: ["topP"],
    kind: "number",
    valueName: "N",
    description: "chat nucleus sampling, in [0, 1]",
    parse: (value) => number("top_p", value, 0, 1, false),
  }),
] as const satisfies readonly InferenceOptionSpec[];

/** Every spelling of every secret option: what a log line or a cache key must never hold. */
export const SECRET_OPTION_NAMES: readonly string[] = INFERENCE_OPTION_SPECS.filter((s) => s.secret).flatMap((s) => [
  s.name,
  s.flag,
  ...s.aliases,
]);

function provider(value: unknown): InferenceProvider {
  if (isInferenceProvider(value)) return value;
  throw new InferenceOptionError(
    "provider",
    `Unknown provider ${JSON.stringify(value)}; expected one of ${Object.keys(INFERENCE_PROVIDERS).join(", ")}`,
  );
}

function text(name: InferenceOptionName, value: unknown): string {
  if (typeof value === "string" && value.length > 0) return value;
  throw new InferenceOptionError(name, `Option ${name} must be a non-empty string`);
}

// A value sent as an HTTP header: a CR or LF in it would let curl send a second header of the caller's choosing.
function headerText(name: InferenceOptionName, value: unknown): string {
  const given = text(name, value);
  if (isHeaderValue(given)) return given;
  throw new InferenceOptionError(
    name,
    `Option ${name} is sent as an HTTP header: it may hold only printable ASCII characters (no CR, LF or other control characters)`,
  );
}

function url(value: unknown): string {
  const given = text("endpointUrl", value);
  if (/^https?:\/\//i.test(given) && URL.canParse(given)) return given;
  throw new InferenceOptionError("endpointUrl", "Option endpointUrl must be an http(s) URL");
}

function flag(name: InferenceOptionName, value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (value === "" || value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new InferenceOptionError(name, `Option ${name} must be true or false`);
}

function number(name: InferenceOptionName, value: unknown, min: number, max: number, integer: boolean): number {
  const parsed =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (Number.isFinite(parsed) && parsed >= min && parsed <= max && (!integer || Number.isInteger(parsed)))
    return parsed;
  const range =
    max === Number.POSITIVE_INFINITY ? `>= ${min}` : integer ? `an integer >= ${min}` : `in [${min}, ${max}]`;
  throw new InferenceOptionError(name, `Option ${name} must be a number ${range}`);
}

function inputs(value: unknown, logger: InferenceLogger): InferenceInputs {
  if (typeof value === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      // Plain text is the common case for text tasks: the spec's fallback keeps the original inputs.
      logger.warn("Failed to parse body as JSON; using the inputs as given");
      return value;
    }
    return typeof parsed === "string" || isPlainObject(parsed) ? (parsed as InferenceInputs) : value;
  }
  if (isPlainObject(value)) return value as InferenceInputs;
  throw new InferenceOptionError("inputs", "Option inputs must be a string or a JSON object");
}

function messages(value: unknown): ChatMessage[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new InferenceOptionError("messages", "Option messages is not valid JSON");
    }
  }
  if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isMessage)) return parsed;
  throw new InferenceOptionError(
    "messages",
    'Option messages must be a non-empty array of { "role": string, "content": string | parts }',
  );
}

function isMessage(value: unknown): value is ChatMessage {
  if (!isPlainObject(value) || typeof value.role !== "string") return false;
  const content = value.content;
  return typeof content === "string" || (Array.isArray(content) && content.every(isContentPart));
}

function isContentPart(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (value.type === "text") return typeof value.text === "string";
  return value.type === "image_url" && isPlainObject(value.image_url) && typeof value.image_url.url === "string";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
