// Everything the "Use this model" panel shows for one model: library load snippets and inference snippets.

import { type HubSetup, hubSetup } from "./hub-setup.js";
import { buildInferenceSnippets, type InferenceSnippet, type InferenceSnippetsResult } from "./inference/build.js";
import { CONSOLE_LOGGER, type InferenceLogger } from "./inference/errors.js";
import { parseInferenceOptions } from "./inference/parse-options.js";
import { getLibrarySnippets, type LibrarySnippets } from "./libraries/library-snippets.js";
import type { ModelRecord } from "./model.js";

/** What the panel needs to explain the inference snippets: why there are none, which variable holds the token. */
export type InferenceInfo = Omit<InferenceSnippetsResult, "snippets">;

/** The JSON of `modelhub snippets` and of `GET /api/models/:ns/:name/snippets`. */
export interface ModelSnippets {
  /** Applicable libraries, `library_name` first, each with its load snippets. */
  libraries: LibrarySnippets[];
  /** Inference snippets: python, js, sh, and by client within a language. */
  inference: InferenceSnippet[];
  /** The reason when `inference` is empty, the token variable and the provider that serves the calls. */
  inferenceInfo: InferenceInfo;
  /** How to reach the hub hosting the model, when it is not the public one (only with `context.hubUrl`). */
  hub?: HubSetup;
}

/** Where the snippets will be shown. */
export interface SnippetContext {
  /** The URL of the hub hosting the model (its configured public URL, or the origin it was reached at). */
  hubUrl?: string;
}

/**
 * The panel's snippets for `model`. `rawOptions` are inference options as they come from outside
 * (query strings, CLI flags: strings are converted); a bad or unknown option throws InferenceOptionError.
 */
export function getModelSnippets(
  model: ModelRecord,
  rawOptions: Record<string, unknown> = {},
  logger: InferenceLogger = CONSOLE_LOGGER,
  context: SnippetContext = {},
): ModelSnippets {
  const { snippets, ...inferenceInfo } = buildInferenceSnippets(
    model,
    parseInferenceOptions(rawOptions, logger),
    logger,
  );
  const hub = hubSetup(model.id, context.hubUrl);
  return { libraries: getLibrarySnippets(model), inference: snippets, inferenceInfo, ...(hub ? { hub } : {}) };
}
