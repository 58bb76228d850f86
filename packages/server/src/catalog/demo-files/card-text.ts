// The model cards of the demo catalog, written per model family from the record: front matter the hub reads, a
// summary, a usage block, a small evaluation table and the usual caveats. Figures are deterministic per id.
import type { ModelRecord } from "@modelhub/snippets";
import { nameOf } from "../../validation/model-id.js";

/** The card's family: decides the wording, the usage block and the table. */
export type CardFamily =
  | "chat"
  | "gguf"
  | "text-generation"
  | "image-generation"
  | "speech"
  | "embedding"
  | "vision"
  | "nlp"
  | "other";

// A number in [low, high) from the id, so every card has its own figures and the same ones on every run.
function figure(id: string, salt: string, low: number, high: number, digits = 1): string {
  let h = 2166136261;
  for (const c of `${id}:${salt}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  const unit = (h >>> 0) / 4294967296;
  return (low + unit * (high - low)).toFixed(digits);
}

/** The family of a record. */
export function cardFamily(record: ModelRecord): CardFamily {
  const tags = record.tags ?? [];
  const task = record.pipeline_tag ?? "";
  if (record.library_name === "gguf" || tags.includes("gguf")) return "gguf";
  if (task === "text-generation" || task === "image-text-to-text") {
    return tags.includes("conversational") || task === "image-text-to-text" ? "chat" : "text-generation";
  }
  if (task === "text-to-image" || task === "image-to-image" || task === "text-to-video") return "image-generation";
  if (/speech|audio/.test(task)) return "speech";
  if (task === "feature-extraction" || task === "sentence-similarity") return "embedding";
  if (/image|object|depth|video|mask-generation/.test(task)) return "vision";
  if (/text|token|fill-mask|question|summar|translation|zero-shot/.test(task)) return "nlp";
  return "other";
}

const SUMMARY: Record<CardFamily, (name: string, task: string) => string> = {
  chat: (name) =>
    `${name} is an instruction-tuned language model for multi-turn chat. It follows a chat template, answers in the language of the question, and is small enough to serve on a single accelerator.`,
  gguf: (name) =>
    `This repository holds GGUF quantizations of ${name} for llama.cpp and the local apps built on it. Each file is one quantization level: smaller files load on less memory at some cost in quality.`,
  "text-generation": (name) =>
    `${name} is a pretrained causal language model. It continues text and is a base for fine-tuning; it was not tuned to follow instructions.`,
  "image-generation": (name) =>
    `${name} generates images from text prompts. It runs with a diffusion pipeline and produces 1024×1024 images in a few seconds on a recent GPU.`,
  speech: (name, task) =>
    `${name} is an audio model for ${task.replaceAll("-", " ")}, trained on several thousand hours of speech.`,
  embedding: (name) =>
    `${name} maps sentences and short paragraphs to dense vectors for semantic search, clustering and retrieval-augmented generation.`,
  vision: (name, task) =>
    `${name} is a vision model for ${task.replaceAll("-", " ")}, pretrained on a large image corpus and fine-tuned for the task.`,
  nlp: (name, task) => `${name} is a text model for ${task.replaceAll("-", " ")}. It is compact and fast on a CPU.`,
  other: (name) => `${name} is published here with its weights and configuration.`,
};

const USAGE: Record<CardFamily, (id: string) => [language: string, code: string]> = {
  chat: (id) => [
    "python",
    `from transformers import pipeline\n\nchat = pipeline("text-generation", model="${id}")\nmessages = [{"role": "user", "content": "Explain beam search in two sentences."}]\nprint(chat(messages, max_new_tokens=128)[0]["generated_text"][-1])`,
  ],
  gguf: (id) => ["sh", `llama-cli -hf ${id} -p "Write a haiku about compilers."`],
  "text-generation": (id) => [
    "python",
    `from transformers import pipeline\n\ngenerator = pipeline("text-generation", model="${id}")\nprint(generator("The history of the printing press", max_new_tokens=60))`,
  ],
  "image-generation": (id) => [
    "python",
    `import torch\nfrom diffusers import DiffusionPipeline\n\npipe = DiffusionPipeline.from_pretrained("${id}", torch_dtype=torch.bfloat16).to("cuda")\nimage = pipe("a lighthouse at dawn, oil painting").images[0]\nimage.save("lighthouse.png")`,
  ],
  speech: (id) => [
    "python",
    `from transformers import pipeline\n\npipe = pipeline(model="${id}")\nprint(pipe("sample.flac"))`,
  ],
  embedding: (id) => [
    "python",
    `from sentence_transformers import SentenceTransformer\n\nmodel = SentenceTransformer("${id}")\nvectors = model.encode(["How do I reset my password?", "Password reset steps"])\nprint(model.similarity(vectors, vectors))`,
  ],
  vision: (id) => [
    "python",
    `from transformers import pipeline\n\npipe = pipeline(model="${id}")\nprint(pipe("cat.jpg"))`,
  ],
  nlp: (id) => [
    "python",
    `from transformers import pipeline\n\npipe = pipeline(model="${id}")\nprint(pipe("Modelhub makes sharing models simple."))`,
  ],
  other: (id) => ["sh", `git clone https://huggingface.co/${id}`],
};

const TABLE: Record<CardFamily, readonly [metric: string, low: number, high: number][]> = {
  chat: [
    ["MMLU (5-shot)", 55, 80],
    ["GSM8K", 60, 90],
    ["IFEval", 60, 85],
  ],
  gguf: [
    ["Q4_K_M perplexity (wiki)", 5.5, 7.5],
    ["Q8_0 perplexity (wiki)", 5.2, 7.0],
  ],
  "text-generation": [
    ["HellaSwag", 60, 85],
    ["ARC-Challenge", 40, 65],
  ],
  "image-generation": [
    ["GenEval", 0.5, 0.8],
    ["CLIP score", 0.28, 0.34],
  ],
  speech: [
    ["WER, LibriSpeech clean (%)", 2, 6],
    ["WER, LibriSpeech other (%)", 4, 11],
  ],
  embedding: [
    ["MTEB average", 55, 68],
    ["Retrieval (nDCG@10)", 40, 56],
  ],
  vision: [
    ["Top-1 accuracy (%)", 76, 89],
    ["Top-5 accuracy (%)", 92, 98],
  ],
  nlp: [
    ["Accuracy (%)", 82, 94],
    ["F1", 0.8, 0.93],
  ],
  other: [["Size (MB)", 10, 900]],
};

function yamlList(values: readonly string[]): string {
  return values.map((value) => `  - ${JSON.stringify(value)}`).join("\n");
}

/** The README.md of a demo model. */
export function cardText(record: ModelRecord): string {
  const family = cardFamily(record);
  const name = nameOf(record.id);
  const task = record.pipeline_tag ?? "machine learning";
  const license = (record.tags ?? []).find((tag) => tag.startsWith("license:"))?.slice("license:".length);
  const tags = (record.tags ?? []).filter((tag) => !/^(license|region|base_model|dataset):/.test(tag)).slice(0, 8);
  const front = [
    "---",
    ...(license ? [`license: ${JSON.stringify(license)}`] : []),
    ...(record.library_name ? [`library_name: ${JSON.stringify(record.library_name)}`] : []),
    ...(record.pipeline_tag ? [`pipeline_tag: ${JSON.stringify(record.pipeline_tag)}`] : []),
    ...(tags.length > 0 ? ["tags:", yamlList(tags)] : []),
    "---",
  ];
  const [language, code] = USAGE[family](record.id);
  const rows = TABLE[family].map(
    ([metric, low, high]) => `| ${metric} | ${figure(record.id, metric, low, high, high < 2 ? 3 : 1)} |`,
  );
  return [
    ...front,
    "",
    `# ${name}`,
    "",
    SUMMARY[family](name, task),
    "",
    "## Usage",
    "",
    `\`\`\`${language}`,
    code,
    "```",
    "",
    "## Evaluation",
    "",
    "| Benchmark | Score |",
    "| --- | --- |",
    ...rows,
    "",
    "## Limitations",
    "",
    "The model can be wrong with confidence and reflects biases of its training data. Evaluate it on your own data before relying on it, and keep a person in the loop for decisions that matter.",
    "",
    ...(license ? ["## License", "", `Released under the ${license} license.`, ""] : []),
  ].join("\n");
}
