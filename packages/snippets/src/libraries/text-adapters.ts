// Libraries whose models are adapters plugged into a base model: Adapters (adapter-transformers) and PEFT.

import { lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { pipInstall } from "./common.js";
import { nonEmpty } from "./text-record.js";

/** Fallback comment when the record names no base model (spec §5). */
export const BASE_MODEL_NOT_FOUND = "# Base model is not found.";

/** Fallback comment when `config.peft.task_type` is not one of `PEFT_TASK_CLASSES` (spec §5). */
export const TASK_TYPE_INVALID = "# Task type is invalid.";

/**
 * PEFT task types and the classes that load them: the transformers auto class of the base model, and the
 * PEFT auto class that reads the base model from the adapter's own `adapter_config.json`.
 */
export const PEFT_TASK_CLASSES = {
  CAUSAL_LM: { transformers: "AutoModelForCausalLM", peft: "AutoPeftModelForCausalLM" },
  SEQ_2_SEQ_LM: { transformers: "AutoModelForSeq2SeqLM", peft: "AutoPeftModelForSeq2SeqLM" },
  TOKEN_CLS: { transformers: "AutoModelForTokenClassification", peft: "AutoPeftModelForTokenClassification" },
  SEQ_CLS: { transformers: "AutoModelForSequenceClassification", peft: "AutoPeftModelForSequenceClassification" },
} as const;

/** A PEFT task type the snippet knows how to load. */
export type PeftTaskType = keyof typeof PEFT_TASK_CLASSES;

// The spec wants an explicit id to replace; a string keeps the snippet valid Python until it is replaced.
const BASE_MODEL_PLACEHOLDER = "<base-model-id>";

const ADAPTER_TRANSFORMERS_INSTALL = pipInstall("adapters");

/** Snippets that load an Adapters adapter into its base model (`config.adapter_transformers.model_name`). */
export function adapterTransformers(model: ModelRecord): string[] {
  const base = nonEmpty(model.config?.adapter_transformers?.model_name);
  return [
    ADAPTER_TRANSFORMERS_INSTALL,
    lines(
      base === undefined && BASE_MODEL_NOT_FOUND,
      base === undefined && "# Replace the placeholder with the id of the model the adapter was trained on.",
      "from adapters import AutoAdapterModel",
      "",
      `model = AutoAdapterModel.from_pretrained(${pyStr(base ?? BASE_MODEL_PLACEHOLDER)})`,
      `model.load_adapter(${pyStr(model.id)}, set_active=True)`,
    ),
  ];
}

const PEFT_CODE = template((transformers, str, id) =>
  lines(
    "from peft import PeftModel",
    `from transformers import ${transformers}`,
    "",
    `base_model = ${transformers}.from_pretrained(${str})`,
    `model = PeftModel.from_pretrained(base_model, ${id})`,
  ),
);

const PEFT_INSTALL = pipInstall("peft");

/** Snippets that load a PEFT adapter: on its base model when the record names it and the task type, else by AutoPeftModel. */
export function peft(model: ModelRecord): string[] {
  const config = model.config?.peft;
  const base = nonEmpty(config?.base_model_name_or_path);
  const taskType = config?.task_type;
  const classes = isPeftTaskType(taskType) ? PEFT_TASK_CLASSES[taskType] : undefined;
  const id = pyStr(model.id);
  if (base !== undefined && classes !== undefined) {
    return [PEFT_INSTALL, PEFT_CODE(classes.transformers, pyStr(base), id)];
  }
  // Without both facts, AutoPeftModel still loads the adapter: it reads the base model from adapter_config.json.
  const autoClass = classes?.peft ?? "AutoPeftModel";
  return [
    PEFT_INSTALL,
    lines(
      classes === undefined && TASK_TYPE_INVALID,
      base === undefined && BASE_MODEL_NOT_FOUND,
      `# ${autoClass} loads the base model named in the adapter's adapter_config.json.`,
      `from peft import ${autoClass}`,
      "",
      `model = ${autoClass}.from_pretrained(${id})`,
    ),
  ];
}

/** True when `value` is one of the PEFT task types of `PEFT_TASK_CLASSES`. */
export function isPeftTaskType(value: unknown): value is PeftTaskType {
  return typeof value === "string" && Object.hasOwn(PEFT_TASK_CLASSES, value);
}
