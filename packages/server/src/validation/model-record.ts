// The schema of a model record as clients send it (spec §3): every field typed, unknown top-level fields refused.
import { z } from "zod";
import { nameProblem } from "./input-limits.js";
import { modelIdSchema } from "./model-id.js";

const MAX_TEXT = 10_000;
const MAX_LIST = 2_000;

const text = z.string().max(MAX_TEXT);
const noControl = (value: string) => nameProblem(value) === null;
const name = z.string().min(1).max(200).refine(noControl, "may not hold control characters");
const tag = z.string().min(1).max(500).refine(noControl, "may not hold control characters");
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const isoDate = z.iso.datetime({ offset: true });

/** `config.json` plus the library sub-objects the snippet generators read; other keys pass through. */
export const modelConfigSchema = z.looseObject({
  architectures: z.array(name).max(100).optional(),
  model_type: name.optional(),
  adapter_transformers: z.looseObject({ model_name: name.optional(), model_class: name.optional() }).optional(),
  peft: z.looseObject({ base_model_name_or_path: name.optional(), task_type: name.optional() }).optional(),
  sklearn: z
    .looseObject({ model: z.looseObject({ file: name.optional() }).optional(), model_format: name.optional() })
    .optional(),
  speechbrain: z
    .looseObject({
      speechbrain_interface: name.optional(),
      vocoder_interface: name.optional(),
      vocoder_model_id: name.optional(),
    })
    .optional(),
  keras_hub: z.looseObject({ tasks: z.array(name).max(100).optional() }).optional(),
  diffusers: z.looseObject({ _class_name: name.optional() }).optional(),
});

/** Which transformers classes load the model. */
export const transformersInfoSchema = z.strictObject({
  auto_model: name,
  processor: name.optional(),
  pipeline_tag: name.optional(),
  custom_class: name.optional(),
});

/** One example input of the widget; the known fields are typed, others pass through. */
export const widgetExampleSchema = z.looseObject({
  text: text.optional(),
  source_sentence: text.optional(),
  sentences: z.array(text).max(100).optional(),
  src: text.optional(),
  candidate_labels: text.optional(),
  context: text.optional(),
});

/** How one inference provider serves the model. */
export const providerMappingEntrySchema = z.strictObject({
  providerId: name,
  task: name,
  status: z.enum(["live", "staging"]),
});

/** One file of the model repository. */
export const siblingSchema = z.strictObject({
  rfilename: z.string().min(1).max(1_000).refine(noControl, "may not hold control characters"),
  size: count.optional(),
});

/** What the hub read from the model's GGUF header; accepted back so a fetched record can be sent again. */
export const ggufFactsSchema = z.strictObject({
  architecture: name.optional(),
  context_length: count.optional(),
  chat_template: z
    .string()
    .max(64 * 1024)
    .optional(),
  total: count,
  file_type: z.union([name, count]).optional(),
});

/** A model record as sent to `POST /api/models`, `PUT …` or `modelhub import`. */
export const modelRecordSchema = z.strictObject({
  id: modelIdSchema,
  author: name.optional(),
  library_name: name.optional(),
  tags: z.array(tag).max(MAX_LIST).optional(),
  pipeline_tag: name.optional(),
  config: modelConfigSchema.optional(),
  transformersInfo: transformersInfoSchema.optional(),
  widgetData: z.array(widgetExampleSchema).max(100).optional(),
  inferenceProviderMapping: z.record(name, providerMappingEntrySchema).optional(),
  gguf: ggufFactsSchema.optional(),
  siblings: z
    .array(siblingSchema)
    .max(MAX_LIST * 5)
    .optional(),
  downloads: count.optional(),
  likes: count.optional(),
  lastModified: isoDate.optional(),
  createdAt: isoDate.optional(),
});

/** A record that passed `modelRecordSchema`, before the hub fills in its defaults. */
export type ModelRecordInput = z.infer<typeof modelRecordSchema>;
