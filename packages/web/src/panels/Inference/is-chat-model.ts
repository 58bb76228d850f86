import type { ModelSummary } from "../../api";

/**
 * Whether the model gets chat snippets, and so a streaming toggle: conversational text
 * generation, and image-text-to-text, whose only call is chat (spec §4, as the engine decides).
 */
export function isChatModel(model: Pick<ModelSummary, "tags" | "pipeline_tag">): boolean {
  return (
    model.pipeline_tag === "image-text-to-text" ||
    (model.pipeline_tag === "text-generation" && model.tags.includes("conversational"))
  );
}
