// What form a model comes in, as the apps' predicates ask it: GGUF quants, MLX, transformers weights for servers.
import type { ModelRecord } from "../model.js";
import type { LocalAppContext } from "./local-app.js";

/** Tasks the serving engines (vLLM, SGLang, TGI) run. */
const SERVED_TASKS = new Set(["text-generation", "image-text-to-text"]);
/** Weight formats those engines load from a repository besides plain transformers. */
const SERVED_FORMATS = ["transformers", "awq", "gptq", "compressed-tensors"];

function hasTag(model: ModelRecord, tag: string): boolean {
  return model.library_name === tag || model.tags.includes(tag);
}

/** True when the repository holds GGUF files. */
export function hasGguf(context: LocalAppContext): boolean {
  return context.quant !== undefined;
}

/** True for MLX models. */
export function isMlx(model: ModelRecord): boolean {
  return hasTag(model, "mlx");
}

/** True for text-generation and image-text-to-text models in transformers, AWQ or GPTQ form. */
export function hasServableWeights(model: ModelRecord): boolean {
  return (
    SERVED_TASKS.has(model.pipeline_tag ?? "") &&
    !isMlx(model) &&
    SERVED_FORMATS.some((format) => hasTag(model, format))
  );
}

/** True when a serving engine can take the model: servable weights, or a single-file GGUF quant of such a task. */
export function servesModel(context: LocalAppContext): boolean {
  if (hasServableWeights(context.model)) return true;
  return SERVED_TASKS.has(context.model.pipeline_tag ?? "") && context.quant !== undefined && !context.quant.shards;
}

/** True when the model answers chat messages: conversational, vision-language, or a GGUF with a chat template. */
export function isChatModel(model: ModelRecord & { gguf?: { chat_template?: string } }): boolean {
  return (
    model.pipeline_tag === "image-text-to-text" ||
    model.tags.includes("conversational") ||
    typeof model.gguf?.chat_template === "string"
  );
}
