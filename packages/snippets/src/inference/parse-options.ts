// Inference options as they come from outside (CLI flags, query strings): checked and converted.
import { isHeaderValue } from "../code/header.js";
import { CONSOLE_LOGGER, type InferenceLogger, InferenceOptionError } from "./errors.js";
import type { ChatMessage, InferenceOptions } from "./options.js";
import { INFERENCE_PROVIDERS, isInferenceProvider } from "./providers.js";
import type { InferenceInputs } from "./task-inputs.js";

type OptionName = keyof InferenceOptions;

// Canonical names plus the spellings CLI flags and query strings use for them.
const NAMES: Record<string, OptionName> = {
  provider: "provider",
  accessToken: "accessToken",
  "access-token": "accessToken",
  endpointUrl: "endpointUrl",
  "endpoint-url": "endpointUrl",
  billTo: "billTo",
  "bill-to": "billTo",
  directRequest: "directRequest",
  "direct-request": "directRequest",
  streaming: "streaming",
  inputs: "inputs",
  messages: "messages",
  temperature: "temperature",
  max_tokens: "max_tokens",
  maxTokens: "max_tokens",
  "max-tokens": "max_tokens",
  top_p: "top_p",
  topP: "top_p",
  "top-p": "top_p",
};

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
    const name = Object.hasOwn(NAMES, key) ? NAMES[key] : undefined;
    if (name === undefined) throw new InferenceOptionError(key, `Unknown inference option "${key}"`);
    switch (name) {
      case "provider":
        out.provider = provider(value);
        break;
      case "accessToken":
        out.accessToken = text(name, value);
        break;
      case "billTo":
        out.billTo = headerText(name, value);
        break;
      case "endpointUrl":
        out.endpointUrl = url(value);
        break;
      case "directRequest":
      case "streaming":
        out[name] = flag(name, value);
        break;
      case "temperature":
        out.temperature = number(name, value, 0, Number.POSITIVE_INFINITY, false);
        break;
      case "top_p":
        out.top_p = number(name, value, 0, 1, false);
        break;
      case "max_tokens":
        out.max_tokens = number(name, value, 0, Number.MAX_SAFE_INTEGER, true);
        break;
      case "inputs":
        out.inputs = inputs(value, logger);
        break;
      case "messages":
        out.messages = messages(value);
        break;
    }
  }
  return out;
}

function provider(value: unknown): InferenceOptions["provider"] {
  if (isInferenceProvider(value)) return value;
  throw new InferenceOptionError(
    "provider",
    `Unknown provider ${JSON.stringify(value)}; expected one of ${Object.keys(INFERENCE_PROVIDERS).join(", ")}`,
  );
}

function text(name: OptionName, value: unknown): string {
  if (typeof value === "string" && value.length > 0) return value;
  throw new InferenceOptionError(name, `Option ${name} must be a non-empty string`);
}

// A value sent as an HTTP header: a CR or LF in it would let curl send a second header of the caller's choosing.
function headerText(name: OptionName, value: unknown): string {
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

function flag(name: OptionName, value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (value === "" || value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new InferenceOptionError(name, `Option ${name} must be true or false`);
}

function number(name: OptionName, value: unknown, min: number, max: number, integer: boolean): number {
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
