import type { GgufFacts } from "./gguf/read-gguf-header.js";

/** A model record as the snippet generators read it (spec §3). */
export interface ModelRecord {
  /** `namespace/name`, e.g. `meta-llama/Llama-3.1-8B-Instruct`. */
  id: string;
  /** The namespace part of the id. */
  author?: string;
  /** The library the model is made for; a registry key when known. */
  library_name?: string;
  /** Free tags; some drive snippet choice (conversational, custom_code, pruna_pro-ai, yolovN, NeMo domains, …). */
  tags: string[];
  /** The task of the model, e.g. `text-generation`. */
  pipeline_tag?: string;
  /** Parsed `config.json` plus library-specific sub-objects. */
  config?: ModelConfig;
  /** Which transformers classes load the model. */
  transformersInfo?: TransformersInfo;
  /** Example inputs shown on the model page. */
  widgetData?: WidgetExample[];
  /** Inference providers that serve the model, keyed by provider name. */
  inferenceProviderMapping?: Record<string, ProviderMappingEntry>;
  /** The model's files. */
  siblings?: Sibling[];
  /** What the header of the model's GGUF file says (the hub reads it when a `.gguf` file lands). */
  gguf?: GgufFacts;
  /** Downloads in the last 30 days. */
  downloads?: number;
  /** Likes. */
  likes?: number;
  /** ISO date of the last change. */
  lastModified?: string;
  /** ISO date of creation. */
  createdAt?: string;
}

/** One file of a model repository. */
export interface Sibling {
  /** Path of the file inside the repository. */
  rfilename: string;
  /** Size in bytes, when known. */
  size?: number;
}

/** `config.json` and the library-specific configuration the hub keeps with it. */
export interface ModelConfig {
  /** transformers architectures, e.g. `["LlamaForCausalLM"]`. */
  architectures?: string[];
  /** transformers model type, e.g. `llama`. */
  model_type?: string;
  /** adapter-transformers: the base model the adapter plugs into. */
  adapter_transformers?: { model_name?: string; model_class?: string };
  /** peft: base model and task type. */
  peft?: { base_model_name_or_path?: string; task_type?: string };
  /** scikit-learn: file name and serialisation format (`pickle` or `skops`). */
  sklearn?: { model?: { file?: string }; model_format?: string };
  /** SpeechBrain: the inference interface class and optional vocoder. */
  speechbrain?: { speechbrain_interface?: string; vocoder_interface?: string; vocoder_model_id?: string };
  /** keras-hub: the task classes the preset supports. */
  keras_hub?: { tasks?: string[] };
  /** diffusers: the pipeline class. */
  diffusers?: { _class_name?: string };
  /** Any other configuration key. */
  [key: string]: unknown;
}

/** transformers auto classes for the model. */
export interface TransformersInfo {
  /** The auto model class, e.g. `AutoModelForCausalLM`. */
  auto_model: string;
  /** The processor class, e.g. `AutoTokenizer`. */
  processor?: string;
  /** The pipeline task, when one applies. */
  pipeline_tag?: string;
  /** Remote-code class reference, e.g. `modeling_x.XModel`. */
  custom_class?: string;
}

/** One example input of the model's widget. */
export interface WidgetExample {
  /** A text input. */
  text?: string;
  /** Sentence-similarity: the sentence compared with the others. */
  source_sentence?: string;
  /** Sentence-similarity: the sentences compared. */
  sentences?: string[];
  /** A URL of an image or audio input. */
  src?: string;
  /** Zero-shot: comma-separated candidate labels. */
  candidate_labels?: string;
  /** Question answering: the context. */
  context?: string;
  /** Any other widget field. */
  [key: string]: unknown;
}

/** Whether a provider serves the model in production. */
export type ProviderStatus = "live" | "staging";

/** How one inference provider serves the model. */
export interface ProviderMappingEntry {
  /** The provider's own id for the model. */
  providerId: string;
  /** The task the provider serves it for. */
  task: string;
  /** live or staging. */
  status: ProviderStatus;
}
