// The inference providers a snippet can target: one typed table, facts from each provider's public API docs.
import { INFERENCE_TASKS, type InferenceTask } from "./tasks.js";

/** The hub's router: every routed call goes to `${ROUTER_BASE_URL}/<routed path>…`. */
export const ROUTER_BASE_URL = "https://router.huggingface.co";

/** The router's OpenAI-compatible base URL: chat for any provider (`model: "<id>:<provider>"`) or the auto policy. */
export const ROUTER_OPENAI_BASE_URL = `${ROUTER_BASE_URL}/v1`;

/** What a provider serves: an inference task, or `conversational` for chat on text-generation models. */
export type ServedTask = InferenceTask | "conversational";

/**
 * How a provider's non-chat requests are shaped: `hf` (inputs + parameters, raw files), `openai`
 * (OpenAI-style images/embeddings/completions), `fal` (fal.run model path), `replicate` (predictions),
 * `async` (a queue that must be polled: only the hub clients, which poll for you, get a snippet).
 */
export type RequestStyle = "hf" | "openai" | "fal" | "replicate" | "async";

/** One provider that serves models. */
export interface ServiceProvider {
  /** `service`: calls go to this provider. */
  kind: "service";
  /** Display name. */
  label: string;
  /** Path under the hub router, or null when the router does not route to it (its own key only). */
  routedPath: string | null;
  /** Root of the provider's own public API (direct requests). */
  directBaseUrl: string;
  /** Path of its OpenAI-compatible API under either base (`/v1`), or null when it has none. */
  openAiPath: string | null;
  /** Authorization scheme of its own API. */
  auth: "Bearer" | "Key";
  /** Whether its chat API speaks the OpenAI chat-completions protocol. */
  openAiCompatible: boolean;
  /** How its non-chat requests are shaped. */
  requestStyle: RequestStyle;
  /** `response_format` value of its images API that returns base64 (OpenAI style only). */
  imagesBase64Format?: "b64_json" | "base64";
  /** What it serves. */
  tasks: readonly ServedTask[];
}

/** A policy that picks a provider for the model instead of naming one. */
export interface ProviderPolicy {
  /** `policy`: resolved per model. */
  kind: "policy";
  /** Display name. */
  label: string;
  /** How the policy picks. */
  rule: string;
}

const CHAT = ["conversational"] as const;
const CHAT_VLM = ["conversational", "image-text-to-text"] as const;

/**
 * Every provider a snippet can name. `auto` is a policy: the first provider of the model's
 * `inferenceProviderMapping` whose status is `live` and that serves the task, falling back to `hf-inference`.
 */
export const INFERENCE_PROVIDERS = {
  auto: {
    kind: "policy",
    label: "Auto",
    rule: "first live provider of the model's mapping that serves the task, else hf-inference",
  },
  baseten: service("baseten", "Baseten", "https://inference.baseten.co", "/v1", CHAT),
  cerebras: service("cerebras", "Cerebras", "https://api.cerebras.ai", "/v1", CHAT),
  cohere: service("cohere", "Cohere", "https://api.cohere.com", "/compatibility/v1", CHAT_VLM),
  deepinfra: service("deepinfra", "DeepInfra", "https://api.deepinfra.com", "/v1/openai", CHAT_VLM),
  "fal-ai": {
    kind: "service",
    label: "fal",
    routedPath: "fal-ai",
    directBaseUrl: "https://fal.run",
    openAiPath: null,
    auth: "Key",
    openAiCompatible: false,
    requestStyle: "fal",
    tasks: [
      "automatic-speech-recognition",
      "image-to-image",
      "image-to-video",
      "text-to-image",
      "text-to-speech",
      "text-to-video",
    ],
  },
  "featherless-ai": service("featherless-ai", "Featherless AI", "https://api.featherless.ai", "/v1", [
    ...CHAT_VLM,
    "text-generation",
  ]),
  "fireworks-ai": service("fireworks-ai", "Fireworks", "https://api.fireworks.ai", "/inference/v1", CHAT_VLM),
  groq: service("groq", "Groq", "https://api.groq.com", "/openai/v1", CHAT_VLM),
  "hf-inference": {
    kind: "service",
    label: "HF Inference",
    routedPath: "hf-inference",
    directBaseUrl: `${ROUTER_BASE_URL}/hf-inference`,
    openAiPath: null,
    auth: "Bearer",
    openAiCompatible: true,
    requestStyle: "hf",
    // The hub's own inference serves every task that has a snippet but video generation, which the hub
    // clients refuse for it ("Task 'text-to-video' not supported for provider 'hf-inference'").
    tasks: [
      "conversational",
      ...INFERENCE_TASKS.filter((task) => task !== "text-to-video" && task !== "image-to-video"),
    ],
  },
  // Novita's video API is an async queue; its chat API is OpenAI-compatible.
  novita: {
    ...service("novita", "Novita", "https://api.novita.ai", "/v3/openai", [...CHAT_VLM, "text-to-video"]),
    requestStyle: "async",
  },
  nscale: {
    ...service("nscale", "Nscale", "https://inference.api.nscale.com", "/v1", [...CHAT_VLM, "text-to-image"]),
    imagesBase64Format: "b64_json",
  },
  // The router does not reach OpenAI: requests always use the caller's own OpenAI key.
  openai: { ...service("openai", "OpenAI", "https://api.openai.com", "/v1", CHAT_VLM), routedPath: null },
  ovhcloud: service(
    "ovhcloud",
    "OVHcloud AI Endpoints",
    "https://oai.endpoints.kepler.ai.cloud.ovh.net",
    "/v1",
    CHAT_VLM,
  ),
  publicai: service("publicai", "Public AI", "https://api.publicai.co", "/v1", CHAT),
  replicate: {
    kind: "service",
    label: "Replicate",
    routedPath: "replicate",
    directBaseUrl: "https://api.replicate.com",
    openAiPath: null,
    auth: "Bearer",
    openAiCompatible: false,
    requestStyle: "replicate",
    tasks: ["automatic-speech-recognition", "image-to-image", "text-to-image", "text-to-speech", "text-to-video"],
  },
  scaleway: service("scaleway", "Scaleway", "https://api.scaleway.ai", "/v1", [...CHAT_VLM, "feature-extraction"]),
  together: {
    ...service("together", "Together AI", "https://api.together.xyz", "/v1", [
      ...CHAT_VLM,
      "feature-extraction",
      "text-generation",
      "text-to-image",
    ]),
    imagesBase64Format: "base64",
  },
  // WaveSpeedAI answers with a prediction id to poll; only the hub clients (which poll) get snippets.
  wavespeed: {
    kind: "service",
    label: "WaveSpeedAI",
    routedPath: "wavespeed",
    directBaseUrl: "https://api.wavespeed.ai",
    openAiPath: null,
    auth: "Bearer",
    openAiCompatible: false,
    requestStyle: "async",
    tasks: ["image-to-image", "image-to-video", "text-to-image", "text-to-video"],
  },
  "zai-org": service("zai-org", "Z.ai", "https://api.z.ai", "/api/paas/v4", CHAT_VLM),
} as const satisfies Record<string, ServiceProvider | ProviderPolicy>;

/** A provider name a snippet can target (including the `auto` policy). */
export type InferenceProvider = keyof typeof INFERENCE_PROVIDERS;

/** A provider that is a real service (every name but the `auto` policy). */
export type ServiceProviderName = Exclude<InferenceProvider, "auto">;

/** True when `name` is one of the table's providers. */
export function isInferenceProvider(name: unknown): name is InferenceProvider {
  return typeof name === "string" && Object.hasOwn(INFERENCE_PROVIDERS, name);
}

/** The table entry of a service provider, widened to its interface. */
export function serviceProvider(name: ServiceProviderName): ServiceProvider {
  return INFERENCE_PROVIDERS[name];
}

/** True when the provider serves `task`. */
export function servesTask(name: ServiceProviderName, task: ServedTask): boolean {
  return (serviceProvider(name).tasks as readonly ServedTask[]).includes(task);
}

// An OpenAI-compatible chat provider routed under its own name; most of the field looks like this.
function service<const T extends readonly ServedTask[]>(
  routedPath: string,
  label: string,
  directBaseUrl: string,
  openAiPath: string,
  tasks: T,
) {
  return {
    kind: "service",
    label,
    routedPath: routedPath as string | null,
    directBaseUrl,
    openAiPath,
    auth: "Bearer",
    openAiCompatible: true,
    requestStyle: "openai",
    tasks,
  } as const;
}
