import type { ModelSummary } from "../../api";

// Tasks whose conversational models get chat-completion snippets (spec §4).
const CHAT_TASKS: readonly string[] = ["text-generation", "image-text-to-text"];

/** Whether the model gets chat snippets, and so a streaming toggle. */
export function isChatModel(model: Pick<ModelSummary, "tags" | "pipeline_tag">): boolean {
  return model.tags.includes("conversational") && CHAT_TASKS.includes(model.pipeline_tag ?? "");
}
