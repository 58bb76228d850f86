// The long tail a hub really holds: community fine-tunes, quantizations and classic checkpoints.
import { chat, lm, type Seed, tf } from "./seed.js";

function gguf(id: string, base: string, chatModel = true): Seed {
  const name = id.split("/")[1]?.replace(/-GGUF$/, "") ?? id;
  return {
    id,
    task: "text-generation",
    tags: ["gguf", `base_model:quantized:${base}`, ...(chatModel ? ["conversational"] : []), "imatrix"],
    files: ["Q4_K_M", "Q5_K_M", "Q8_0"].map((q) => `${name}-${q}.gguf`),
    pop: 2,
  };
}

function mlx(id: string, base: string): Seed {
  return {
    id,
    library: "mlx",
    task: "text-generation",
    tags: ["conversational", "4-bit", `base_model:quantized:${base}`],
    files: ["config.json", "model.safetensors", "tokenizer.json"],
    pop: 1,
  };
}

function embedding(id: string, arch: string, modelType: string, rest: Omit<Seed, "id"> = {}): Seed {
  return {
    id,
    library: "sentence-transformers",
    task: "sentence-similarity",
    tags: ["feature-extraction", "transformers", ...(rest.tags ?? [])],
    config: { architectures: [arch], model_type: modelType },
    files: ["config.json", "modules.json", "model.safetensors", "tokenizer.json"],
    pop: 3,
    ...rest,
  };
}

function sd(id: string, className: string, rest: Omit<Seed, "id"> = {}): Seed {
  return {
    id,
    library: "diffusers",
    task: "text-to-image",
    tags: ["stable-diffusion", ...(rest.tags ?? [])],
    config: { diffusers: { _class_name: className } },
    files: ["model_index.json", "unet/diffusion_pytorch_model.safetensors"],
    pop: 3,
    license: "openrail++",
    ...rest,
  };
}

/** Community models: quantizations, fine-tunes and long-lived classics. */
export const COMMUNITY_SEEDS: Seed[] = [
  gguf("bartowski/Qwen2.5-7B-Instruct-GGUF", "Qwen/Qwen2.5-7B-Instruct"),
  gguf("bartowski/gemma-2-2b-it-GGUF", "google/gemma-2-2b-it"),
  gguf("bartowski/Phi-3-mini-4k-instruct-GGUF", "microsoft/Phi-3-mini-4k-instruct"),
  gguf("bartowski/Mistral-7B-Instruct-v0.3-GGUF", "mistralai/Mistral-7B-Instruct-v0.3"),
  gguf("unsloth/gpt-oss-20b-GGUF", "openai/gpt-oss-20b"),
  gguf("unsloth/DeepSeek-R1-Distill-Qwen-7B-GGUF", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B"),
  gguf("lmstudio-community/Meta-Llama-3.1-8B-Instruct-GGUF", "meta-llama/Llama-3.1-8B-Instruct"),
  gguf("QuantFactory/Meta-Llama-3-8B-GGUF", "meta-llama/Meta-Llama-3-8B", false),
  mlx("mlx-community/gemma-2-2b-it-4bit", "google/gemma-2-2b-it"),
  mlx("mlx-community/Mistral-7B-Instruct-v0.3-4bit", "mistralai/Mistral-7B-Instruct-v0.3"),
  mlx("mlx-community/Qwen3-8B-4bit", "Qwen/Qwen3-8B"),
  mlx("mlx-community/phi-4-4bit", "microsoft/phi-4"),
  mlx("mlx-community/DeepSeek-R1-Distill-Qwen-7B-4bit", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B"),
  chat("unsloth/Llama-3.2-1B-Instruct", "LlamaForCausalLM", "llama", {
    pop: 3,
    license: "llama3.2",
    tags: ["unsloth"],
  }),
  chat("unsloth/Qwen2.5-7B-Instruct-bnb-4bit", "Qwen2ForCausalLM", "qwen2", {
    pop: 2,
    tags: ["unsloth", "4-bit", "bitsandbytes"],
  }),
  chat("cognitivecomputations/dolphin-2.9-llama3-8b", "LlamaForCausalLM", "llama", {
    pop: 2,
    license: "other",
    tags: ["axolotl"],
  }),
  chat("teknium/OpenHermes-2.5-Mistral-7B", "MistralForCausalLM", "mistral", {
    pop: 2,
    tags: ["instruct", "finetune", "chatml"],
  }),
  chat("HuggingFaceH4/zephyr-7b-beta", "MistralForCausalLM", "mistral", {
    pop: 3,
    license: "mit",
    tags: ["generated_from_trainer"],
    providers: { "featherless-ai": "HuggingFaceH4/zephyr-7b-beta" },
  }),
  chat("lmsys/vicuna-7b-v1.5", "LlamaForCausalLM", "llama", { pop: 2, license: "llama2" }),
  chat("TinyLlama/TinyLlama-1.1B-Chat-v1.0", "LlamaForCausalLM", "llama", { pop: 4, tags: ["en"] }),
  lm("microsoft/DialoGPT-medium", "GPT2LMHeadModel", "gpt2", { pop: 3, license: "mit", tags: ["conversational"] }),
  lm("EleutherAI/gpt-neo-125m", "GPTNeoForCausalLM", "gpt_neo", {
    pop: 3,
    license: "mit",
    tags: ["text generation", "causal-lm"],
  }),
  lm("EleutherAI/pythia-160m", "GPTNeoXForCausalLM", "gpt_neox", { pop: 3, tags: ["pythia"] }),
  lm("facebook/opt-125m", "OPTForCausalLM", "opt", { pop: 4, license: "other" }),
  lm("bigscience/bloom-560m", "BloomForCausalLM", "bloom", { pop: 3, license: "bigscience-bloom-rail-1.0" }),
  tf("google/flan-t5-base", "text2text-generation", "T5ForConditionalGeneration", "t5", {
    pop: 4,
    tags: ["en", "fr", "de"],
  }),
  tf("google/flan-t5-large", "text2text-generation", "T5ForConditionalGeneration", "t5", { pop: 4 }),
  tf(
    "nlptown/bert-base-multilingual-uncased-sentiment",
    "text-classification",
    "BertForSequenceClassification",
    "bert",
    {
      pop: 4,
      license: "mit",
    },
  ),
  tf(
    "j-hartmann/emotion-english-distilroberta-base",
    "text-classification",
    "RobertaForSequenceClassification",
    "roberta",
    {
      pop: 3,
      tags: ["distilroberta", "sentiment", "emotion", "twitter", "reddit"],
    },
  ),
  tf(
    "papluca/xlm-roberta-base-language-detection",
    "text-classification",
    "XLMRobertaForSequenceClassification",
    "xlm-roberta",
    {
      pop: 3,
      license: "mit",
    },
  ),
  tf("SamLowe/roberta-base-go_emotions", "text-classification", "RobertaForSequenceClassification", "roberta", {
    pop: 3,
    license: "mit",
  }),
  tf("Jean-Baptiste/camembert-ner", "token-classification", "CamembertForTokenClassification", "camembert", {
    pop: 3,
    license: "mit",
    tags: ["fr"],
  }),
  tf("dbmdz/bert-large-cased-finetuned-conll03-english", "token-classification", "BertForTokenClassification", "bert", {
    pop: 3,
  }),
  embedding("sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2", "BertModel", "bert", { pop: 4 }),
  embedding("sentence-transformers/multi-qa-MiniLM-L6-cos-v1", "BertModel", "bert"),
  embedding("thenlper/gte-large", "BertModel", "bert", { license: "mit", tags: ["mteb"] }),
  embedding("nomic-ai/nomic-embed-text-v1.5", "NomicBertModel", "nomic_bert", {
    pop: 4,
    tags: ["custom_code", "mteb"],
  }),
  embedding("mixedbread-ai/mxbai-embed-large-v1", "BertModel", "bert", { pop: 4, tags: ["mteb", "onnx"] }),
  embedding("jinaai/jina-embeddings-v3", "XLMRobertaModel", "xlm-roberta", {
    pop: 4,
    license: "cc-by-nc-4.0",
    tags: ["custom_code", "multilingual"],
  }),
  embedding("Snowflake/snowflake-arctic-embed-m", "BertModel", "bert", { tags: ["mteb", "arctic"] }),
  tf("openai/whisper-medium", "automatic-speech-recognition", "WhisperForConditionalGeneration", "whisper", { pop: 4 }),
  tf("openai/whisper-tiny", "automatic-speech-recognition", "WhisperForConditionalGeneration", "whisper", { pop: 4 }),
  tf("jonatasgrosman/wav2vec2-large-xlsr-53-english", "automatic-speech-recognition", "Wav2Vec2ForCTC", "wav2vec2", {
    pop: 4,
    tags: ["audio", "speech", "xlsr-fine-tuning-week", "en"],
  }),
  tf("microsoft/Florence-2-large", "image-text-to-text", "Florence2ForConditionalGeneration", "florence2", {
    pop: 4,
    license: "mit",
    tags: ["vision", "ocr", "segmentation", "custom_code"],
  }),
  tf("google/owlvit-base-patch32", "zero-shot-object-detection", "OwlViTForObjectDetection", "owlvit", {
    pop: 3,
    tags: ["vision"],
  }),
  tf(
    "microsoft/table-transformer-detection",
    "object-detection",
    "TableTransformerForObjectDetection",
    "table-transformer",
    {
      pop: 4,
      license: "mit",
    },
  ),
  tf("hustvl/yolos-tiny", "object-detection", "YolosForObjectDetection", "yolos", { pop: 3, tags: ["vision"] }),
  tf("nateraw/vit-age-classifier", "image-classification", "ViTForImageClassification", "vit", { pop: 3 }),
  tf("google/mobilenet_v2_1.0_224", "image-classification", "MobileNetV2ForImageClassification", "mobilenet_v2", {
    pop: 3,
    license: "other",
  }),
  tf("apple/mobilevit-small", "image-classification", "MobileViTForImageClassification", "mobilevit", {
    pop: 3,
    license: "other",
  }),
  sd("CompVis/stable-diffusion-v1-4", "StableDiffusionPipeline", { pop: 4, license: "creativeml-openrail-m" }),
  sd("prompthero/openjourney", "StableDiffusionPipeline", {
    pop: 2,
    license: "creativeml-openrail-m",
    tags: ["text-to-image"],
  }),
  sd("SG161222/RealVisXL_V4.0", "StableDiffusionXLPipeline", { pop: 3, tags: ["photorealistic"] }),
  sd("playgroundai/playground-v2.5-1024px-aesthetic", "StableDiffusionXLPipeline", {
    pop: 3,
    license: "other",
    tags: ["playground"],
  }),
  sd("stabilityai/sdxl-turbo", "StableDiffusionXLPipeline", {
    pop: 4,
    license: "other",
    providers: { "hf-inference": "stabilityai/sdxl-turbo", "fal-ai": "fal-ai/fast-turbo-diffusion" },
  }),
  sd("ByteDance/SDXL-Lightning", "StableDiffusionXLPipeline", { pop: 3, license: "openrail++", tags: ["lightning"] }),
  {
    id: "madebyollin/sdxl-vae-fp16-fix",
    library: "diffusers",
    tags: ["stable-diffusion", "vae"],
    files: ["config.json", "diffusion_pytorch_model.safetensors"],
    pop: 4,
    license: "mit",
  },
  {
    id: "h94/IP-Adapter",
    library: "diffusers",
    task: "text-to-image",
    tags: ["ip-adapter", "stable-diffusion"],
    files: ["models/ip-adapter_sd15.bin", "sdxl_models/ip-adapter_sdxl.bin"],
    pop: 4,
  },
];
