// Which providers serve a given model: its provider mapping decides, as it does for the hub clients, which
// refuse a provider the mapping does not list ("No Inference Provider available", "not supported by provider").
import type { ModelRecord } from "../model.js";
import {
  INFERENCE_PROVIDERS,
  isInferenceProvider,
  type ServedTask,
  type ServiceProviderName,
  servesTask,
} from "./providers.js";

/**
 * True when the model's mapping lists `provider` for the task (chat is mapped as `conversational`, whatever the
 * pipeline). Providers the hub does not route to (OpenAI) take any model the caller names: no mapping applies.
 */
export function mapsModel(
  model: ModelRecord,
  provider: ServiceProviderName,
  served: ServedTask,
  chat: boolean,
): boolean {
  if (INFERENCE_PROVIDERS[provider].routedPath === null) return true;
  const entry = model.inferenceProviderMapping?.[provider];
  return entry !== undefined && (entry.task === served || (chat && entry.task === "conversational"));
}

/** The provider `auto` resolves to: the first live provider of the mapping that serves the task, or null when none does. */
export function resolveAuto(model: ModelRecord, served: ServedTask, chat: boolean): ServiceProviderName | null {
  for (const [name, entry] of Object.entries(model.inferenceProviderMapping ?? {})) {
    if (entry?.status !== "live" || name === "auto" || !isInferenceProvider(name)) continue;
    const provider = name as ServiceProviderName;
    if (servesTask(provider, served) && mapsModel(model, provider, served, chat)) return provider;
  }
  return null;
}
