// config.json as the hub reads it: the record's `config`, and `transformersInfo` derived from `architectures`.
import type { ModelConfig, TransformersInfo } from "@modelhub/snippets";
import { describeZodError, issuePath } from "../validation/describe-zod-error.js";
import { modelConfigSchema } from "../validation/model-record.js";
import { ModelFileError } from "./model-file-error.js";
import { deriveTransformersInfo } from "./transformers-info.js";

/** The config file's name. */
export const CONFIG_FILE = "config.json";

/** Above this size a config keeps only `CONFIG_KEYS_KEPT`, so a label table of thousands stays out of the record. */
export const MAX_FULL_CONFIG_CHARS = 64 * 1024;

/** The config keys the snippet generators and the model page read. */
export const CONFIG_KEYS_KEPT = [
  "architectures",
  "model_type",
  "auto_map",
  "adapter_transformers",
  "peft",
  "sklearn",
  "speechbrain",
  "keras_hub",
  "diffusers",
] as const;

/** What config.json gives the record. */
export interface ConfigMetadata {
  /** The config, whole or reduced to `CONFIG_KEYS_KEPT` when large. */
  config: ModelConfig;
  /** The auto classes, when `architectures` names a known one. */
  transformersInfo?: TransformersInfo;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ModelFileError(CONFIG_FILE, null, `is not valid JSON: ${(cause as Error).message}`);
  }
}

function reduced(config: Record<string, unknown>, chars: number): Record<string, unknown> {
  if (chars <= MAX_FULL_CONFIG_CHARS) return config;
  return Object.fromEntries(CONFIG_KEYS_KEPT.filter((key) => key in config).map((key) => [key, config[key]]));
}

/** Reads config.json; bad JSON or a bad field throws a ModelFileError naming config.json and the field. */
export function parseConfigMetadata(text: string): ConfigMetadata {
  const value = parseJson(text.replace(/^\uFEFF/, ""));
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ModelFileError(CONFIG_FILE, null, "must hold a JSON object");
  }
  const result = modelConfigSchema.safeParse(reduced(value as Record<string, unknown>, text.length));
  if (!result.success) {
    const issue = result.error.issues[0];
    const message = describeZodError(result.error, "field").replace(/^field "[^"]*": /, "");
    throw new ModelFileError(CONFIG_FILE, issue ? issuePath(issue.path) || null : null, message);
  }
  const config = result.data as ModelConfig;
  const transformersInfo = deriveTransformersInfo(config);
  return transformersInfo ? { config, transformersInfo } : { config };
}
