// The shape of one synthetic model: library, task, name, tags and a small config, drawn consistently (a GGUF
// repository runs text generation, a timm model classifies images, a chat model is tagged `conversational`).
import type { LibraryKey, ModelRecord } from "@modelhub/snippets";
import { type Random, type WeightedSampler, weighted } from "./random.js";
import { BASE_MODELS, type BaseModel } from "./synthetic-publishers.js";
import {
  DATASETS,
  GGUF_QUANTS,
  LANGUAGE_WEIGHTS,
  LIBRARY_TASKS,
  LIBRARY_WEIGHTS,
  LICENSE_WEIGHTS,
  NAME_WORDS,
  RL_ENVIRONMENTS,
} from "./synthetic-tables.js";

/** A record without its popularity and dates. */
export type ModelShape = Omit<ModelRecord, "downloads" | "likes" | "createdAt" | "lastModified">;

type Library = LibraryKey | null;

const pickLibrary = weighted(LIBRARY_WEIGHTS);
const pickLanguage = weighted(LANGUAGE_WEIGHTS);
const pickLicense = weighted(LICENSE_WEIGHTS);
const TASK_SAMPLERS = new Map(Object.entries(LIBRARY_TASKS).map(([key, tasks]) => [key, weighted(tasks)]));
const BASE_SAMPLERS = new Map<string, WeightedSampler<BaseModel>>(
  [...new Set(BASE_MODELS.map((b) => b.task))].map((task) => [
    task,
    weighted(BASE_MODELS.filter((b) => b.task === task).map((b) => [b, b.weight] as const)),
  ]),
);

// Quantisations and adapters of a model without a task are still language models.
const LLM_LIBRARIES: ReadonlySet<Library> = new Set(["llama-cpp-python", "mlx", "peft", "mlc-llm"]);
const RL_ALGORITHMS = ["ppo", "dqn", "a2c", "sac", "td3"] as const;
const TIMM_ARCHITECTURES = [
  "resnet50",
  "vit_base_patch16_224",
  "convnext_tiny",
  "efficientnet_b0",
  "mobilenetv3_large_100",
];
const CHAT_WORDS = /instruct|chat|-it$|-it-/i;

function nameOf(id: string): string {
  return id.slice(id.indexOf("/") + 1);
}

function words(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.pick(NAME_WORDS)).join("-");
}

function modelName(random: Random, library: Library, task: string | null, base: BaseModel | null): string {
  // Agents are named after their algorithm and environment, whichever library trained them.
  if (task === "reinforcement-learning") return `${random.pick(RL_ALGORITHMS)}-${random.pick(RL_ENVIRONMENTS)}`;
  const stem = base ? nameOf(base.id) : words(random, 2);
  switch (library) {
    case "llama-cpp-python":
      return `${stem}${random.chance(0.3) ? `-${random.pick(NAME_WORDS)}` : ""}${random.chance(0.2) ? "-i1" : ""}-GGUF`;
    case "mlx":
      return `${stem}-${random.pick(["4bit", "8bit", "6bit", "bf16"])}`;
    case "peft":
      return `${stem}-lora-${words(random, 1)}`;
    case "diffusers":
      return `${random.pick(["sdxl", "flux", "sd15"])}-${words(random, 1)}-${random.pick(["lora", "style", "dreambooth"])}`;
    case "timm":
      return `${random.pick(TIMM_ARCHITECTURES)}.${random.pick(NAME_WORDS)}_in1k`;
  }
  if (base) return `${stem}-${words(random, 1 + random.int(2))}`;
  return `${library ?? random.pick(NAME_WORDS)}-${words(random, 1 + random.int(2))}`;
}

function baseFor(random: Random, library: Library, task: string | null): BaseModel | null {
  const baseTask = task ?? (LLM_LIBRARIES.has(library) ? "text-generation" : null);
  const sampler = baseTask === null ? undefined : BASE_SAMPLERS.get(baseTask);
  // A quarter of the models are trained from scratch or do not say what they start from.
  return sampler && (LLM_LIBRARIES.has(library) || random.chance(0.75)) ? sampler(random) : null;
}

function baseTags(library: Library, base: BaseModel): string[] {
  const relation =
    library === "llama-cpp-python" || library === "mlx" ? "quantized" : library === "peft" ? "adapter" : "finetune";
  return [`base_model:${base.id}`, `base_model:${relation}:${base.id}`];
}

function formatTags(random: Random, library: Library): string[] {
  switch (library) {
    case "transformers":
      return [
        ...(random.chance(0.85) ? ["safetensors"] : []),
        ...(random.chance(0.25) ? ["pytorch"] : []),
        ...(random.chance(0.5) ? ["autotrain_compatible"] : []),
        ...(random.chance(0.6) ? ["endpoints_compatible"] : []),
        ...(random.chance(0.1) ? ["tensorboard"] : []),
      ];
    case "llama-cpp-python":
      return ["gguf", ...(random.chance(0.3) ? ["imatrix"] : [])];
    case "mlx":
    case "diffusers":
    case "peft":
    case "sentence-transformers":
      return ["safetensors"];
    default:
      return [];
  }
}

function tagsOf(random: Random, library: Library, task: string | null, base: BaseModel | null, name: string) {
  const tags: string[] = [];
  if (library) tags.push(library);
  tags.push(...formatTags(random, library));
  if (task) tags.push(task);
  if (library === "peft" || library === "diffusers") tags.push("lora");
  if ((task === "text-generation" && CHAT_WORDS.test(name)) || task === "image-text-to-text")
    tags.push("conversational");
  if (task === "text-generation" && library === "transformers" && random.chance(0.5))
    tags.push("text-generation-inference");
  if (task === "reinforcement-learning")
    tags.push("deep-reinforcement-learning", `${name.slice(name.indexOf("-") + 1)}`);
  if (base) tags.push(...baseTags(library, base));
  if (random.chance(0.55)) {
    const count = random.chance(0.05) ? 3 + random.int(6) : 1;
    for (let i = 0; i < count; i++) tags.push(pickLanguage(random));
  }
  if (random.chance(0.65)) tags.push(`license:${base && random.chance(0.7) ? base.license : pickLicense(random)}`);
  if (base && library === "transformers" && random.chance(0.35)) tags.push("generated_from_trainer", "model-index");
  if (random.chance(0.2)) tags.push(`dataset:${random.pick(DATASETS)}`);
  if (random.chance(0.05)) tags.push(`arxiv:${2000 + random.int(25)}.${String(random.int(99_999)).padStart(5, "0")}`);
  if (random.chance(0.02)) tags.push("custom_code");
  if (/-sft|-dpo|-orpo/.test(name)) tags.push("trl");
  // Every model of the field's hub carries its storage region: a tag that matches the whole catalog.
  tags.push("region:us");
  return [...new Set(tags)];
}

function processorFor(task: string | null): string {
  if (task === "image-classification" || task === "object-detection" || task === "image-segmentation") {
    return "AutoImageProcessor";
  }
  return task === "automatic-speech-recognition" || task === "image-text-to-text" ? "AutoProcessor" : "AutoTokenizer";
}

function configOf(random: Random, library: Library, task: string | null, base: BaseModel | null, name: string) {
  const extra: Partial<ModelShape> = {};
  if ((library === "transformers" || library === "sentence-transformers") && base && base.architecture !== "") {
    extra.config = { architectures: [base.architecture], model_type: base.modelType };
    if (library === "transformers") {
      extra.transformersInfo = {
        auto_model: base.autoModel,
        processor: processorFor(task),
        ...(task ? { pipeline_tag: task } : {}),
      };
    }
  } else if (library === "peft" && base) {
    extra.config = {
      peft: { base_model_name_or_path: base.id, task_type: task === "text-classification" ? "SEQ_CLS" : "CAUSAL_LM" },
    };
  } else if (library === "diffusers") {
    extra.config = { diffusers: { _class_name: /^flux/i.test(name) ? "FluxPipeline" : "StableDiffusionXLPipeline" } };
  } else if (library === "sklearn") {
    extra.config = { sklearn: { model: { file: "model.pkl" }, model_format: "pickle" } };
    extra.siblings = [{ rfilename: "model.pkl" }];
  } else if (library === "llama-cpp-python") {
    const stem = name.replace(/-GGUF$/, "");
    const quants = [...new Set(Array.from({ length: 2 + random.int(3) }, () => random.pick(GGUF_QUANTS)))];
    extra.siblings = quants.map((q) => ({ rfilename: `${stem}.${q}.gguf`, size: 1_000_000_000 + random.int(8e9) }));
  }
  if (task === "sentence-similarity" && random.chance(0.3)) {
    extra.widgetData = [
      { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is a sunny day"] },
    ];
  } else if (task === "text-classification" && random.chance(0.2)) {
    extra.widgetData = [{ text: "I like you. I love you" }];
  }
  return extra;
}

/** The shape of a model `author` publishes: library, task and base drawn from the field's distributions. */
export function derivedShape(random: Random, author: string): ModelShape {
  const library = pickLibrary(random);
  const task = TASK_SAMPLERS.get(library ?? "none")?.(random) ?? null;
  const base = baseFor(random, library, task);
  const name = modelName(random, library, task, base);
  return {
    id: `${author}/${name}`,
    ...(library ? { library_name: library } : {}),
    ...(task ? { pipeline_tag: task } : {}),
    tags: tagsOf(random, library, task, base, name),
    ...configOf(random, library, task, base, name),
  };
}

/** The shape of a base model itself: the original its derivatives name in their `base_model:` tags. */
export function baseShape(random: Random, base: BaseModel): ModelShape {
  const library: Library = base.id.startsWith("timm/")
    ? "timm"
    : base.task === "text-to-image"
      ? "diffusers"
      : base.task === "sentence-similarity"
        ? "sentence-transformers"
        : "transformers";
  return {
    id: base.id,
    library_name: library,
    pipeline_tag: base.task,
    tags: [
      ...new Set([
        library,
        ...formatTags(random, library),
        base.task,
        ...(CHAT_WORDS.test(base.id) || base.task === "image-text-to-text" ? ["conversational"] : []),
        `license:${base.license}`,
        "en",
        "region:us",
      ]),
    ],
    ...configOf(random, library, base.task, base.architecture === "" ? null : base, nameOf(base.id)),
  };
}
