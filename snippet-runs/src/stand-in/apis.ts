// What the stand-in knows of each provider's public API, written from the providers' documentation and kept apart
// from the engine's table on purpose: a wrong path or auth scheme in the engine must not be accepted by the stand-in.

/** Authorization scheme of an API. */
export type AuthScheme = "Bearer" | "Key";

/** One provider's own API. */
export interface ProviderApi {
  /** Host of its public API. */
  host: string;
  /** Authorization scheme with its own key. */
  auth: AuthScheme;
  /** Path prefix of its OpenAI-compatible API (`/chat/completions`, `/embeddings`, … below it), or null. */
  openAi: string | null;
}

/** The hub's router: chat at `/v1/chat/completions`, each provider's API below `/<provider>`. */
export const ROUTER_HOST = "router.huggingface.co";

/** The hub: model info (with the provider mapping) for the clients that resolve `auto` themselves. */
export const HUB_HOST = "huggingface.co";

/** The custom endpoint the runs pass as `endpointUrl` (a dedicated deployment; its token is API_TOKEN). */
export const ENDPOINT_HOST = "snippet-runs.endpoints.huggingface.cloud";

/** Hosts that serve generated files by URL (no credential). */
export const FILE_HOSTS = ["v3.fal.media", "replicate.delivery", "files.wavespeed.test", "files.novita.test"] as const;

/** fal's queue API (submit, status, result). */
export const FAL_QUEUE_HOST = "queue.fal.run";

/** Every provider's API. */
export const PROVIDER_APIS: Record<string, ProviderApi> = {
  baseten: { host: "inference.baseten.co", auth: "Bearer", openAi: "/v1" },
  cerebras: { host: "api.cerebras.ai", auth: "Bearer", openAi: "/v1" },
  cohere: { host: "api.cohere.com", auth: "Bearer", openAi: "/compatibility/v1" },
  deepinfra: { host: "api.deepinfra.com", auth: "Bearer", openAi: "/v1/openai" },
  "fal-ai": { host: "fal.run", auth: "Key", openAi: null },
  "featherless-ai": { host: "api.featherless.ai", auth: "Bearer", openAi: "/v1" },
  "fireworks-ai": { host: "api.fireworks.ai", auth: "Bearer", openAi: "/inference/v1" },
  groq: { host: "api.groq.com", auth: "Bearer", openAi: "/openai/v1" },
  "hf-inference": { host: ROUTER_HOST, auth: "Bearer", openAi: null },
  novita: { host: "api.novita.ai", auth: "Bearer", openAi: "/v3/openai" },
  nscale: { host: "inference.api.nscale.com", auth: "Bearer", openAi: "/v1" },
  openai: { host: "api.openai.com", auth: "Bearer", openAi: "/v1" },
  ovhcloud: { host: "oai.endpoints.kepler.ai.cloud.ovh.net", auth: "Bearer", openAi: "/v1" },
  publicai: { host: "api.publicai.co", auth: "Bearer", openAi: "/v1" },
  replicate: { host: "api.replicate.com", auth: "Bearer", openAi: null },
  scaleway: { host: "api.scaleway.ai", auth: "Bearer", openAi: "/v1" },
  together: { host: "api.together.xyz", auth: "Bearer", openAi: "/v1" },
  wavespeed: { host: "api.wavespeed.ai", auth: "Bearer", openAi: null },
  "zai-org": { host: "api.z.ai", auth: "Bearer", openAi: "/api/paas/v4" },
};

/** Every host the stand-in answers for; a client that tries any other host fails. */
export const STAND_IN_HOSTS: readonly string[] = [
  ...new Set([
    ROUTER_HOST,
    HUB_HOST,
    ENDPOINT_HOST,
    FAL_QUEUE_HOST,
    ...FILE_HOSTS,
    ...Object.values(PROVIDER_APIS).map((api) => api.host),
  ]),
];

/** The provider whose own API lives at `host`, or null. */
export function providerOfHost(host: string): string | null {
  if (host === ROUTER_HOST) return null;
  for (const [name, api] of Object.entries(PROVIDER_APIS)) if (api.host === host) return name;
  return host === FAL_QUEUE_HOST ? "fal-ai" : null;
}

/** The environment variable of a provider's own key, as spec §6 names it. */
export function keyVariable(provider: string): string {
  return `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;
}
