import type { ProviderLabel, ProviderMapping } from "../../api";

/** One entry of the provider picker. */
export interface ProviderChoice {
  /** Provider name sent to the engine. */
  value: string;
  /** What the picker shows. */
  label: string;
}

/** The display name of provider `id` (its id until the names have loaded, or for an unknown one). */
export function providerLabel(id: string, labels: readonly ProviderLabel[] | undefined): string {
  return labels?.find((provider) => provider.id === id)?.label ?? id;
}

/**
 * The providers offered for a model: `auto` and the providers of its mapping, by their names. A model no provider
 * maps gets none (the view offers the custom endpoint instead). A provider chosen through a shared link is kept, so
 * the picker shows what the snippets were built for.
 */
export function providerChoices(
  mapping: Record<string, ProviderMapping>,
  chosen: string | null,
  labels: readonly ProviderLabel[] | undefined,
): ProviderChoice[] {
  const choices: ProviderChoice[] = [];
  for (const [name, entry] of Object.entries(mapping)) {
    const label = providerLabel(name, labels);
    choices.push({ value: name, label: entry.status === "staging" ? `${label} (staging)` : label });
  }
  if (choices.length > 0) choices.unshift({ value: "auto", label: "Auto (the router picks a provider)" });
  if (chosen && !choices.some((choice) => choice.value === chosen)) {
    choices.push({ value: chosen, label: providerLabel(chosen, labels) });
  }
  return choices;
}

/** Whether any provider maps the model (then `auto` and those providers are offered). */
export function hasProviders(mapping: Record<string, ProviderMapping>): boolean {
  return Object.keys(mapping).length > 0;
}
