// Reading a model record for the "text" family: widget examples, tags, names. Model data is untrusted:
// every value is type-checked here and still escaped by the caller when it reaches code.
import type { ModelRecord } from "../model.js";
import { hasTag } from "../model-readers.js";

/** A sentence-similarity example: one sentence compared with others. */
export interface SimilarityExample {
  /** The sentence the others are compared with. */
  source: string;
  /** The sentences compared with `source`; never empty. */
  sentences: string[];
}

/** The first widget example's `source_sentence` and `sentences`, when both hold text. */
export function widgetSimilarity(model: ModelRecord): SimilarityExample | undefined {
  const example = model.widgetData?.[0];
  if (!example || typeof example.source_sentence !== "string" || !Array.isArray(example.sentences)) return undefined;
  const sentences = example.sentences.filter((s): s is string => typeof s === "string");
  return sentences.length > 0 ? { source: example.source_sentence, sentences } : undefined;
}

/** A question answering example: a question about a context. */
export interface QuestionExample {
  /** The question. */
  question: string;
  /** The text holding the answer. */
  context: string;
}

/** The first widget example's question (`text`) and `context`, when it has both: one is no use without the other. */
export function widgetQuestion(model: ModelRecord): QuestionExample | undefined {
  const example = model.widgetData?.[0];
  const question = example?.text;
  const context = example?.context;
  if (typeof question !== "string" || question === "" || typeof context !== "string" || context === "")
    return undefined;
  return { question, context };
}

/** `value` when it is a string with more than white space, otherwise undefined: config values are untrusted. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Tag that asks snippets to enable the repository's own modelling code (spec §5). */
export const CUSTOM_CODE_TAG = "custom_code";

/** The Python keyword argument that lets a model run the modelling code of its repository. */
export const REMOTE_CODE_ARG = ", trust_remote_code=True";

/** `, trust_remote_code=True` for a model tagged custom_code, otherwise nothing: a Python keyword argument suffix. */
export function remoteCodeArg(model: ModelRecord): string {
  return hasTag(model, CUSTOM_CODE_TAG) ? REMOTE_CODE_ARG : "";
}
