// The inference snippet options (spec §3) as the builder takes them.
import type { InferenceProvider } from "./providers.js";
import type { InferenceInputs } from "./task-inputs.js";

/** One part of a multimodal chat message. */
export type ChatContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

/** One chat message. */
export interface ChatMessage {
  /** `system`, `user`, `assistant`, … */
  role: string;
  /** Text, or parts (text and image URLs) for vision-language models. */
  content: string | ChatContentPart[];
}

/** Options of the inference snippets; every field is optional. */
export interface InferenceOptions {
  /** Provider to call; default `hf-inference`. `auto` lets the model's provider mapping decide. */
  provider?: InferenceProvider;
  /** The caller's token. Never written into a snippet: it only turns `token.accessTokenReplaced` on. */
  accessToken?: string;
  /** A custom endpoint (e.g. a dedicated deployment) to call instead of a provider; uses `API_TOKEN`. */
  endpointUrl?: string;
  /** Organisation billed for calls that go through the hub (`X-HF-Bill-To`); ignored for direct calls. */
  billTo?: string;
  /** Call the provider's own API with the provider's key instead of going through the hub router. */
  directRequest?: boolean;
  /** Stream chat completions. */
  streaming?: boolean;
  /** The task input: text or file path, or an object for structured tasks; for chat, the user message. */
  inputs?: InferenceInputs;
  /** Chat messages; default one example user message. */
  messages?: ChatMessage[];
  /** Chat sampling temperature (0 is kept). */
  temperature?: number;
  /** Chat completion length limit (0 is kept). */
  max_tokens?: number;
  /** Chat nucleus sampling (0 is kept). */
  top_p?: number;
}
