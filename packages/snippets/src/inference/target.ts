// Where a snippet's calls go: the resolved provider, the URLs, the model names and the token variable (spec §6).
import type { ModelRecord } from "../model.js";
import type { InferenceOptions } from "./options.js";
import {
  INFERENCE_PROVIDERS,
  type InferenceProvider,
  ROUTER_BASE_URL,
  ROUTER_OPENAI_BASE_URL,
  type ServiceProvider,
  type ServiceProviderName,
} from "./providers.js";

/** The environment variable a snippet reads its credential from. */
export type TokenVariable = "HF_TOKEN" | "API_TOKEN" | `${string}_API_KEY`;

/** How the calls travel: to a custom endpoint, through the hub router, or straight to the provider. */
export type RouteMode = "endpoint" | "routed" | "direct";

/** The resolved destination of a snippet's calls. */
export interface CallTarget {
  /** The provider the caller asked for (`auto` stays `auto`: the hub clients resolve it themselves). */
  requested: InferenceProvider;
  /** The provider that serves the calls. */
  provider: ServiceProviderName;
  /** How the calls travel. */
  mode: RouteMode;
  /** Credential variable. */
  token: TokenVariable;
  /** Authorization scheme of raw HTTP calls. */
  authScheme: "Bearer" | "Key";
  /** Organisation billed through the hub, or null (direct and endpoint calls are not billed by the hub). */
  billTo: string | null;
  /** The model's hub id, as the hub clients and the router name it. */
  hubModel: string;
  /** The provider's own id for the model (its mapping's providerId), else the hub id. */
  providerModel: string;
  /** The custom endpoint, without trailing slashes, or null. */
  endpointUrl: string | null;
  /** Base URL of the provider's own API or of the router path for it; the endpoint in endpoint mode. */
  baseUrl: string;
}

/** The OpenAI-compatible side of a target: base URL and the model name to send. */
export interface ChatRoute {
  /** Base URL an OpenAI client takes; `/chat/completions` is appended for raw calls. */
  baseUrl: string;
  /** The `model` field of the request. */
  model: string;
}

/** The environment variable of a provider's own key: `FEATHERLESS_AI_API_KEY` for `featherless-ai`. */
export function providerKeyVariable(provider: ServiceProviderName): TokenVariable {
  return `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;
}

/** Resolves where calls go for `provider` (already resolved from `auto`). */
export function callTarget(
  model: ModelRecord,
  options: InferenceOptions,
  requested: InferenceProvider,
  provider: ServiceProviderName,
): CallTarget {
  const entry: ServiceProvider = INFERENCE_PROVIDERS[provider];
  const endpointUrl = options.endpointUrl ? options.endpointUrl.replace(/\/+$/, "") : null;
  const hubOwned = provider === "hf-inference" || requested === "auto";
  const mode: RouteMode = endpointUrl
    ? "endpoint"
    : !hubOwned && (options.directRequest === true || entry.routedPath === null)
      ? "direct"
      : "routed";
  const token: TokenVariable =
    mode === "endpoint" ? "API_TOKEN" : mode === "direct" ? providerKeyVariable(provider) : "HF_TOKEN";
  const providerModel = model.inferenceProviderMapping?.[provider]?.providerId ?? model.id;
  return {
    requested,
    provider,
    mode,
    token,
    authScheme: mode === "direct" ? entry.auth : "Bearer",
    billTo: mode === "routed" && options.billTo ? options.billTo : null,
    hubModel: model.id,
    providerModel,
    endpointUrl,
    baseUrl:
      mode === "endpoint"
        ? (endpointUrl ?? "")
        : mode === "direct"
          ? entry.directBaseUrl
          : `${ROUTER_BASE_URL}/${entry.routedPath ?? provider}`,
  };
}

/** The OpenAI-compatible route of a chat target, or null when the provider has no such API. */
export function chatRoute(target: CallTarget): ChatRoute | null {
  switch (target.mode) {
    case "endpoint": {
      const url = target.endpointUrl ?? "";
      return { baseUrl: url.endsWith("/v1") ? url : `${url}/v1`, model: target.hubModel };
    }
    case "routed":
      // The router's own OpenAI API: `<id>:<provider>` pins the provider, a bare id lets the router pick.
      return {
        baseUrl: ROUTER_OPENAI_BASE_URL,
        model: target.requested === "auto" ? target.hubModel : `${target.hubModel}:${target.provider}`,
      };
    case "direct": {
      const entry: ServiceProvider = INFERENCE_PROVIDERS[target.provider];
      if (!entry.openAiCompatible || entry.openAiPath === null) return null;
      return { baseUrl: `${entry.directBaseUrl}${entry.openAiPath}`, model: target.providerModel };
    }
  }
}
