// When each model family first appeared, so the catalog's dates are plausible (FLUX.1 is not from 2021, DeepSeek-R1
// not from 2019): the first pattern matching an id gives the month its model was created in, or soon after.

/** Id patterns and the month (`YYYY-MM`) their models were released; the first match wins, so specific first. */
export const ERAS: readonly (readonly [RegExp, string])[] = [
  [/Llama-4/i, "2025-04"],
  [/Llama-3\.3/i, "2024-12"],
  [/Llama-3\.2/i, "2024-09"],
  [/Llama-3\.1|Hermes-3/i, "2024-07"],
  [/Meta-Llama-3-/i, "2024-04"],
  [/Qwen3-Embedding/i, "2025-06"],
  [/Qwen3/i, "2025-04"],
  [/Qwen2\.5-VL/i, "2025-01"],
  [/Qwen2\.5-Coder/i, "2024-11"],
  [/Qwen2\.5/i, "2024-09"],
  [/Mistral-Small-3\.1/i, "2025-03"],
  [/Mistral-7B-Instruct-v0\.3/i, "2024-05"],
  [/Mixtral|Mistral-7B-Instruct-v0\.2/i, "2023-12"],
  [/Mistral-7B-v0\.1/i, "2023-09"],
  [/gemma-3|aya-vision|Nemotron-Nano/i, "2025-03"],
  [/gemma-2/i, "2024-07"],
  [/phi-4|ModernBERT|Kokoro/i, "2024-12"],
  [/Phi-3/i, "2024-04"],
  [/DeepSeek-V3-0324/i, "2025-03"],
  [/DeepSeek-R1/i, "2025-01"],
  [/gpt-oss/i, "2025-08"],
  [/Apertus|2509/i, "2025-09"],
  [/SmolLM3|Kimi-K2|GLM-4\.5/i, "2025-07"],
  [/SmolVLM|OLMo-2-1124/i, "2024-11"],
  [/command-r-plus-08-2024|FLUX\.1/i, "2024-08"],
  [/granite-3\.3|Dia-1\.6B|IndexTTS/i, "2025-04"],
  [/parakeet-tdt-0\.6b-v2/i, "2025-05"],
  [/stable-diffusion-3\.5|whisper-large-v3-turbo|YOLO11/i, "2024-10"],
  [/stable-diffusion-3/i, "2024-06"],
  [/sam2|Depth-Anything-V2/i, "2024-06"],
  [/stable-diffusion-xl|sdxl|dinov2/i, "2023-07"],
  [/whisper-large-v3|distil-large-v3/i, "2023-11"],
  [/siglip|bge-m3|canary-1b|starcoder2/i, "2024-02"],
  [/falcon-7b|sam-vit|bark/i, "2023-04"],
  [/musicgen|multilingual-e5/i, "2023-06"],
  [/YOLOv8/i, "2023-01"],
  [/stable-diffusion-v1-5|whisper-small/i, "2022-10"],
  [/all-MiniLM|all-mpnet/i, "2021-08"],
  [
    /\/gpt2$|distilgpt2|\/bert-base-uncased$|\/roberta-base$|\/xlm-roberta-large$|distilbert\/|t5-small|bart-large/i,
    "2019-01",
  ],
];

/** The release month of an id's family as a UTC timestamp, or `fallback` for a family the table does not know. */
export function eraOf(id: string, fallback: number): number {
  const month = ERAS.find(([pattern]) => pattern.test(id))?.[1];
  if (!month) return fallback;
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return Date.UTC(year, monthNumber - 1, 1);
}
