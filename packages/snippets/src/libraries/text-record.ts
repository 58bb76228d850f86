// Reading a model record for the "text" family: widget examples, tags, names. Model data is untrusted:
// every value is type-checked here and still escaped by the caller when it reaches code.
import type { ModelRecord } from "../model.js";

/** A sentence-similarity example: one sentence compared with others. */
export interface SimilarityExample {
  /** The sentence the others are compared with. */
  source: string;
  /** The sentences compared with `source`; never empty. */
  sentences: string[];
}

/** The text of the model's first widget example that has one, when it is a non-empty string. */
export function widgetText(model: ModelRecord): string | undefined {
  for (const example of model.widgetData ?? []) {
    if (typeof example.text === "string" && example.text !== "") return example.text;
  }
  return undefined;
}

/** The first widget example's `source_sentence` and `sentences`, when both hold text. */
export function widgetSimilarity(model: ModelRecord): SimilarityExample | undefined {
  const example = model.widgetData?.[0];
  if (!example || typeof example.source_sentence !== "string" || !Array.isArray(example.sentences)) return undefined;
  const sentences = example.sentences.filter((s): s is string => typeof s === "string");
  return sentences.length > 0 ? { source: example.source_sentence, sentences } : undefined;
}

/** The first widget example's comma-separated `candidate_labels`, split and trimmed. */
export function widgetCandidateLabels(model: ModelRecord): string[] | undefined {
  const labels = model.widgetData?.[0]?.candidate_labels;
  if (typeof labels !== "string") return undefined;
  const list = labels
    .split(",")
    .map((label) => label.trim())
    .filter((label) => label !== "");
  return list.length > 0 ? list : undefined;
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

/** The first widget example's `src` (an image or audio URL), when it is a non-empty string. */
export function widgetSrc(model: ModelRecord): string | undefined {
  const src = model.widgetData?.[0]?.src;
  return typeof src === "string" && src !== "" ? src : undefined;
}

/** The first file of the repository whose name ends with `suffix`, when the record lists its files. */
export function siblingEndingWith(model: ModelRecord, suffix: string): string | undefined {
  for (const sibling of model.siblings ?? []) {
    if (typeof sibling.rfilename === "string" && sibling.rfilename.endsWith(suffix)) return sibling.rfilename;
  }
  return undefined;
}

/** The part of a model id after the namespace: `acme/demo-model` gives `demo-model`. */
export function repoName(id: string): string {
  return id.slice(id.lastIndexOf("/") + 1);
}

/** `value` when it is a string with more than white space, otherwise undefined: config values are untrusted. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** True when the model carries `tag`. */
export function hasTag(model: ModelRecord, tag: string): boolean {
  return model.tags.includes(tag);
}

/** Tag that asks snippets to enable the repository's own modelling code (spec §5). */
export const CUSTOM_CODE_TAG = "custom_code";

/** `, trust_remote_code=True` for a model tagged custom_code, otherwise nothing: a Python keyword argument suffix. */
export function remoteCodeArg(model: ModelRecord): string {
  return hasTag(model, CUSTOM_CODE_TAG) ? ", trust_remote_code=True" : "";
}
