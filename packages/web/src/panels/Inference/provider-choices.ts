import type { ProviderMapping } from "../../api";

/** One entry of the provider picker. */
export interface ProviderChoice {
  /** Provider name sent to the engine. */
  value: string;
  /** What the picker shows. */
  label: string;
}

// Always offered: the router's automatic choice and the hub's own inference.
const ALWAYS: readonly ProviderChoice[] = [
  { value: "auto", label: "auto (the router picks a provider)" },
  { value: "hf-inference", label: "hf-inference" },
];

/**
 * The providers offered for a model: `auto`, `hf-inference`, then the providers of its mapping.
 * A provider chosen through a shared link is kept even when unmapped, so the picker shows what
 * the snippets were built for.
 */
export function providerChoices(mapping: Record<string, ProviderMapping>, chosen: string | null): ProviderChoice[] {
  const choices = [...ALWAYS];
  for (const [name, entry] of Object.entries(mapping)) {
    if (choices.some((choice) => choice.value === name)) continue;
    choices.push({ value: name, label: entry.status === "staging" ? `${name} (staging)` : name });
  }
  if (chosen && !choices.some((choice) => choice.value === chosen)) choices.push({ value: chosen, label: chosen });
  return choices;
}
