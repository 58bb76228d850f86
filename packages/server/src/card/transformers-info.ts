// Derives the record's `transformersInfo` from config.json's first architecture.
import type { ModelConfig, TransformersInfo } from "@modelhub/snippets";
import { ARCHITECTURE_RULES, type ArchitectureRule } from "./architecture-rules.js";

function ruleApplies(rule: ArchitectureRule, architecture: string, config: ModelConfig): boolean {
  if (!architecture.endsWith(rule.suffix) || architecture === rule.suffix) return false;
  if (!rule.when) return true;
  if ("hasKey" in rule.when) return rule.when.hasKey in config;
  return typeof config.model_type === "string" && rule.when.modelTypes.includes(config.model_type);
}

// Remote-code models name their own class in `auto_map`, e.g. {"AutoModelForCausalLM": "modeling_x.XForCausalLM"}.
function customClass(config: ModelConfig, autoModel: string): string | undefined {
  const autoMap = config.auto_map;
  if (typeof autoMap !== "object" || autoMap === null) return undefined;
  const entry = (autoMap as Record<string, unknown>)[autoModel];
  return typeof entry === "string" && entry.length > 0 && entry.length <= 200 ? entry : undefined;
}

/** The auto classes that load a model with this config, or null when no architecture names a known class. */
export function deriveTransformersInfo(config: ModelConfig): TransformersInfo | null {
  const architecture = config.architectures?.[0];
  if (!architecture) return null;
  const rule = ARCHITECTURE_RULES.find((candidate) => ruleApplies(candidate, architecture, config));
  if (!rule) return null;
  const custom = customClass(config, rule.auto_model);
  return {
    auto_model: rule.auto_model,
    processor: rule.processor,
    ...("pipeline_tag" in rule ? { pipeline_tag: rule.pipeline_tag } : {}),
    ...(custom ? { custom_class: custom } : {}),
  };
}
