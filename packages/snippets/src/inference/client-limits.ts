// Calls a client cannot make although the provider serves them: the panel leaves the client out and says why,
// rather than show code that the client refuses. Each row was found by running the snippet with the real client.
import type { ServiceProviderName } from "./providers.js";
import type { RouteMode } from "./target.js";
import type { InferenceTask } from "./tasks.js";
import type { InferenceClientName, InferenceLanguage } from "./templates/matrix.js";

/** A client left out of a model's snippets, and why. */
export interface OmittedClient {
  /** Language of the client. */
  language: InferenceLanguage;
  /** The client. */
  client: InferenceClientName;
  /** A sentence the panel can show. */
  reason: string;
}

interface ClientLimit {
  language: InferenceLanguage;
  client: InferenceClientName;
  task: InferenceTask;
  /** Providers it applies to; all when absent. */
  providers?: readonly ServiceProviderName[];
  /** Route modes it applies to; all when absent. */
  modes?: readonly RouteMode[];
  reason: string;
}

const HUB_ROUTES: readonly RouteMode[] = ["routed", "direct"];

/** The limits of the clients, as measured with huggingface_hub 1.28 and @huggingface/inference 4.13. */
export const CLIENT_LIMITS: readonly ClientLimit[] = [
  {
    language: "python",
    client: "huggingface_hub",
    task: "text-to-audio",
    modes: HUB_ROUTES,
    reason: "huggingface_hub has no text-to-audio method, and text_to_speech refuses a model mapped to text-to-audio.",
  },
  {
    language: "js",
    client: "huggingface.js",
    task: "text-to-audio",
    modes: HUB_ROUTES,
    reason: "huggingface.js has no text-to-audio method, and textToSpeech refuses a model mapped to text-to-audio.",
  },
  {
    language: "python",
    client: "huggingface_hub",
    task: "tabular-regression",
    providers: ["hf-inference"],
    reason: "huggingface_hub does not support tabular-regression on hf-inference.",
  },
  {
    language: "js",
    client: "huggingface.js",
    task: "image-to-text",
    providers: ["hf-inference"],
    reason: "huggingface.js expects one caption object where hf-inference answers a list of captions.",
  },
  {
    language: "js",
    client: "huggingface.js",
    task: "automatic-speech-recognition",
    providers: ["fal-ai"],
    modes: HUB_ROUTES,
    reason: "huggingface.js refuses audio Blobs for fal-ai speech recognition.",
  },
];

/** Why `client` cannot make this call, or null when it can. */
export function clientLimit(
  language: InferenceLanguage,
  client: InferenceClientName,
  task: InferenceTask,
  provider: ServiceProviderName,
  mode: RouteMode,
): string | null {
  const limit = CLIENT_LIMITS.find(
    (row) =>
      row.language === language &&
      row.client === client &&
      row.task === task &&
      (row.providers?.includes(provider) ?? true) &&
      (row.modes?.includes(mode) ?? true),
  );
  return limit?.reason ?? null;
}
