// Which inference call a model gets: chat or its task. One rule, read by the builder and reported to callers
// (inferenceInfo.chat, inferenceInfo.servedTask) so that no client derives it again.
import type { ModelRecord } from "../model.js";
import { hasTag } from "../model-readers.js";
import type { ServedTask } from "./providers.js";
import { isInferenceTask } from "./tasks.js";

/** Chat applies to conversational text-generation and to image-text-to-text (whose only call is chat). */
export function isChatModel(model: ModelRecord): boolean {
  return (
    model.pipeline_tag === "image-text-to-text" ||
    (model.pipeline_tag === "text-generation" && hasTag(model, "conversational"))
  );
}

/**
 * The task a provider must serve for the model: `conversational` for chat text generation, else its pipeline
 * tag when that is an inference task; null when no inference task applies.
 */
export function servedTask(model: ModelRecord, chat: boolean = isChatModel(model)): ServedTask | null {
  const task = model.pipeline_tag;
  if (!isInferenceTask(task)) return null;
  return chat && task === "text-generation" ? "conversational" : task;
}
