// The distributions of the synthetic catalog, as data: which library, which task, under which names and tags
// (who publishes is in synthetic-publishers.ts). Weights are rough shares of the field's largest hub, so the indexes
// see realistic skew.
import type { LibraryKey } from "@modelhub/snippets";

/** Libraries by share of models; `null` is a model without a library (about a fifth of the field). */
export const LIBRARY_WEIGHTS: ReadonlyArray<readonly [LibraryKey | null, number]> = [
  ["transformers", 420],
  [null, 190],
  ["peft", 80],
  ["llama-cpp-python", 60],
  ["sentence-transformers", 32],
  ["diffusers", 30],
  ["mlx", 16],
  ["timm", 10],
  ["stable-baselines3", 10],
  ["ml-agents", 6],
  ["transformers.js", 5],
  ["keras", 5],
  ["sklearn", 4],
  ["setfit", 3],
  ["sample-factory", 3],
  ["adapter-transformers", 2],
  ["fastai", 2],
  ["ultralytics", 2],
  ["spacy", 1.5],
  ["tf-keras", 1],
  ["open_clip", 1],
  ["nemo", 1],
  ["espnet", 1],
  ["mlc-llm", 1],
  ["speechbrain", 0.5],
  ["flair", 0.5],
  ["pyannote-audio", 0.5],
  ["paddlenlp", 0.5],
  ["gliner", 0.5],
  ["fasttext", 0.5],
  ["bertopic", 0.5],
  ["model2vec", 0.3],
  ["span-marker", 0.2],
];

type Tasks = ReadonlyArray<readonly [string | null, number]>;

const TRANSFORMERS_TASKS: Tasks = [
  ["text-generation", 34],
  ["text-classification", 16],
  [null, 10],
  ["token-classification", 7],
  ["automatic-speech-recognition", 6],
  ["image-classification", 5],
  ["text2text-generation", 5],
  ["fill-mask", 3],
  ["question-answering", 3],
  ["image-text-to-text", 3],
  ["feature-extraction", 3],
  ["summarization", 1.5],
  ["translation", 1.5],
  ["object-detection", 1],
  ["zero-shot-classification", 0.5],
  ["image-segmentation", 0.5],
];

const RL: Tasks = [["reinforcement-learning", 1]];

/** The tasks of each library, by share; a library not listed here has no task. */
export const LIBRARY_TASKS: Partial<Record<LibraryKey | "none", Tasks>> = {
  transformers: TRANSFORMERS_TASKS,
  none: [
    [null, 50],
    ["text-generation", 15],
    ["text-to-image", 10],
    ["image-classification", 5],
    ["reinforcement-learning", 5],
    ["text-to-speech", 3],
    ["image-to-video", 2],
  ],
  peft: [
    [null, 55],
    ["text-generation", 40],
    ["text-classification", 5],
  ],
  "llama-cpp-python": [
    ["text-generation", 90],
    [null, 6],
    ["image-text-to-text", 4],
  ],
  "sentence-transformers": [
    ["sentence-similarity", 80],
    ["feature-extraction", 15],
    ["text-classification", 5],
  ],
  diffusers: [
    ["text-to-image", 85],
    ["image-to-image", 8],
    ["text-to-video", 4],
    [null, 3],
  ],
  mlx: [
    ["text-generation", 90],
    ["image-text-to-text", 10],
  ],
  timm: [
    ["image-classification", 85],
    ["image-feature-extraction", 15],
  ],
  "stable-baselines3": RL,
  "ml-agents": RL,
  "sample-factory": RL,
  "transformers.js": [
    ["feature-extraction", 30],
    ["text-classification", 20],
    ["text-generation", 20],
    ["automatic-speech-recognition", 10],
    ["image-classification", 10],
    ["fill-mask", 10],
  ],
  keras: [
    [null, 40],
    ["image-classification", 40],
    ["text-classification", 20],
  ],
  sklearn: [
    ["tabular-classification", 60],
    ["tabular-regression", 40],
  ],
  setfit: [["text-classification", 1]],
  "adapter-transformers": [
    [null, 50],
    ["text-classification", 30],
    ["question-answering", 20],
  ],
  fastai: [["image-classification", 1]],
  ultralytics: [["object-detection", 1]],
  spacy: [["token-classification", 1]],
  open_clip: [["zero-shot-image-classification", 1]],
  nemo: [["automatic-speech-recognition", 1]],
  espnet: [
    ["automatic-speech-recognition", 60],
    ["text-to-speech", 40],
  ],
  "mlc-llm": [["text-generation", 1]],
  speechbrain: [
    ["automatic-speech-recognition", 60],
    ["audio-classification", 40],
  ],
  flair: [["token-classification", 1]],
  "pyannote-audio": [["voice-activity-detection", 1]],
  gliner: [["token-classification", 1]],
  fasttext: [["text-classification", 1]],
  model2vec: [["sentence-similarity", 1]],
  "span-marker": [["token-classification", 1]],
};

/** Words the names of fine-tunes and experiments are made of. */
export const NAME_WORDS = [
  "finetuned",
  "imdb",
  "sst2",
  "emotion",
  "squad",
  "ner",
  "sentiment",
  "medical",
  "legal",
  "code",
  "math",
  "chat",
  "instruct",
  "sft",
  "dpo",
  "orpo",
  "lora",
  "merged",
  "distilled",
  "v2",
  "test",
  "demo",
  "experiment",
  "final",
  "best",
  "small",
  "tiny",
  "base",
  "large",
  "multilingual",
] as const;

/** Environments of reinforcement-learning models. */
export const RL_ENVIRONMENTS = [
  "LunarLander-v2",
  "CartPole-v1",
  "SpaceInvadersNoFrameskip-v4",
  "Huggy",
  "SnowballTarget",
  "Pyramids",
  "PandaReachDense-v3",
  "doom_health_gathering_supreme",
] as const;

/** Languages by share of the models that declare any. */
export const LANGUAGE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ["en", 70],
  ["zh", 5],
  ["fr", 4],
  ["de", 3],
  ["es", 3],
  ["ja", 2],
  ["ko", 2],
  ["ru", 2],
  ["ar", 1.5],
  ["pt", 1.5],
  ["it", 1],
  ["vi", 1],
  ["tr", 1],
  ["hi", 1],
  ["id", 1],
  ["nl", 0.5],
  ["pl", 0.5],
  ["sv", 0.5],
];

/** Licences by share of the models that declare one (base model licences come from BASE_MODELS). */
export const LICENSE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ["apache-2.0", 40],
  ["mit", 25],
  ["other", 10],
  ["cc-by-4.0", 6],
  ["cc-by-nc-4.0", 5],
  ["openrail", 4],
  ["creativeml-openrail-m", 3],
  ["gpl-3.0", 2],
  ["bsd-3-clause", 1],
  ["unknown", 4],
];

/** Datasets named in `dataset:` tags. */
export const DATASETS = [
  "stanfordnlp/imdb",
  "glue",
  "rajpurkar/squad",
  "dair-ai/emotion",
  "conll2003",
  "mozilla-foundation/common_voice_11_0",
  "HuggingFaceH4/ultrachat_200k",
  "tatsu-lab/alpaca",
  "openai/gsm8k",
  "imagenet-1k",
] as const;

/** GGUF quantisations of `llama-cpp-python` repositories (file name suffixes). */
export const GGUF_QUANTS = ["Q2_K", "Q3_K_M", "Q4_K_M", "Q5_K_M", "Q6_K", "Q8_0", "IQ4_XS", "f16"] as const;
