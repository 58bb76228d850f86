// Who publishes in the synthetic catalog: the biggest organisations, the spelling of the long tail, and the base
// models that derivatives name in their `base_model:` tags.

/** The organisations with the most models, most first: Zipf ranks 1, 2, 3, … map to them. */
export const TOP_AUTHORS = [
  "mradermacher",
  "RichardErkhov",
  "bartowski",
  "mlx-community",
  "unsloth",
  "TheBloke",
  "QuantFactory",
  "lmstudio-community",
  "google",
  "microsoft",
  "facebook",
  "Qwen",
  "meta-llama",
  "nvidia",
  "sentence-transformers",
  "stabilityai",
  "mistralai",
  "timm",
  "sb3",
  "Helsinki-NLP",
  "BAAI",
  "intfloat",
  "allenai",
  "apple",
  "ibm-granite",
  "deepseek-ai",
  "HuggingFaceTB",
  "black-forest-labs",
  "openai",
  "jinaai",
] as const;

/** Syllables the long tail of authors is spelled from; each rank maps to one spelling, so names never repeat. */
export const AUTHOR_SYLLABLES = ["ka", "to", "ri", "mo", "na", "sa", "li", "ve", "da", "ro"] as const;

/** A base model the catalog's derivatives point at (`base_model:` tags, PEFT configs, quantisations). */
export interface BaseModel {
  /** The base model's id; it is also a record of the catalog. */
  readonly id: string;
  /** What it does. */
  readonly task: string;
  /** transformers architecture. */
  readonly architecture: string;
  /** transformers model type. */
  readonly modelType: string;
  /** transformers auto class. */
  readonly autoModel: string;
  /** Its licence tag value. */
  readonly license: string;
  /** Relative popularity among bases of its task. */
  readonly weight: number;
}

/** The base models, by task; derivatives of a task pick one by weight. */
export const BASE_MODELS: readonly BaseModel[] = [
  ...[
    ["meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", "llama", "llama3.1", 20],
    ["meta-llama/Llama-3.2-1B", "LlamaForCausalLM", "llama", "llama3.2", 10],
    ["Qwen/Qwen2.5-7B-Instruct", "Qwen2ForCausalLM", "qwen2", "apache-2.0", 20],
    ["Qwen/Qwen3-4B", "Qwen3ForCausalLM", "qwen3", "apache-2.0", 12],
    ["mistralai/Mistral-7B-Instruct-v0.3", "MistralForCausalLM", "mistral", "apache-2.0", 12],
    ["google/gemma-2-9b-it", "Gemma2ForCausalLM", "gemma2", "gemma", 8],
    ["microsoft/Phi-3-mini-4k-instruct", "Phi3ForCausalLM", "phi3", "mit", 6],
    ["openai-community/gpt2", "GPT2LMHeadModel", "gpt2", "mit", 8],
    ["TinyLlama/TinyLlama-1.1B-Chat-v1.0", "LlamaForCausalLM", "llama", "apache-2.0", 5],
    ["HuggingFaceTB/SmolLM2-1.7B-Instruct", "LlamaForCausalLM", "llama", "apache-2.0", 4],
    ["deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", "Qwen2ForCausalLM", "qwen2", "mit", 6],
  ].map(([id, architecture, modelType, license, weight]) => ({
    id: id as string,
    task: "text-generation",
    architecture: architecture as string,
    modelType: modelType as string,
    autoModel: "AutoModelForCausalLM",
    license: license as string,
    weight: weight as number,
  })),
  ...[
    ["google-bert/bert-base-uncased", "BertForSequenceClassification", "bert", 20],
    ["distilbert/distilbert-base-uncased", "DistilBertForSequenceClassification", "distilbert", 18],
    ["FacebookAI/roberta-base", "RobertaForSequenceClassification", "roberta", 12],
    ["microsoft/deberta-v3-base", "DebertaV2ForSequenceClassification", "deberta-v2", 8],
    ["FacebookAI/xlm-roberta-base", "XLMRobertaForSequenceClassification", "xlm-roberta", 8],
  ].map(([id, architecture, modelType, weight]) => ({
    id: id as string,
    task: "text-classification",
    architecture: architecture as string,
    modelType: modelType as string,
    autoModel: "AutoModelForSequenceClassification",
    license: "apache-2.0",
    weight: weight as number,
  })),
  ...(
    [
      [
        "google/vit-base-patch16-224",
        "image-classification",
        "ViTForImageClassification",
        "vit",
        "AutoModelForImageClassification",
      ],
      [
        "openai/whisper-large-v3",
        "automatic-speech-recognition",
        "WhisperForConditionalGeneration",
        "whisper",
        "AutoModelForSpeechSeq2Seq",
      ],
      ["google-t5/t5-small", "text2text-generation", "T5ForConditionalGeneration", "t5", "AutoModelForSeq2SeqLM"],
      [
        "dslim/bert-base-NER",
        "token-classification",
        "BertForTokenClassification",
        "bert",
        "AutoModelForTokenClassification",
      ],
      [
        "deepset/roberta-base-squad2",
        "question-answering",
        "RobertaForQuestionAnswering",
        "roberta",
        "AutoModelForQuestionAnswering",
      ],
      [
        "Qwen/Qwen2.5-VL-7B-Instruct",
        "image-text-to-text",
        "Qwen2_5_VLForConditionalGeneration",
        "qwen2_5_vl",
        "AutoModelForImageTextToText",
      ],
      ["facebook/detr-resnet-50", "object-detection", "DetrForObjectDetection", "detr", "AutoModelForObjectDetection"],
      ["sentence-transformers/all-MiniLM-L6-v2", "sentence-similarity", "BertModel", "bert", "AutoModel"],
      ["BAAI/bge-small-en-v1.5", "feature-extraction", "BertModel", "bert", "AutoModel"],
      ["stabilityai/stable-diffusion-xl-base-1.0", "text-to-image", "", "", ""],
      ["black-forest-labs/FLUX.1-dev", "text-to-image", "", "", ""],
      ["timm/resnet50.a1_in1k", "image-classification", "", "", ""],
    ] as const
  ).map(([id, task, architecture, modelType, autoModel]) => ({
    id,
    task,
    architecture,
    modelType,
    autoModel,
    license: "apache-2.0",
    weight: 10,
  })),
];
