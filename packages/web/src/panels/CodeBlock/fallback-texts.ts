/**
 * The texts a snippet generator returns instead of code when the model record lacks what it
 * needs (spec §5). They are shown as notes, not as code a visitor would paste.
 */
export const FALLBACK_TEXTS = [
  "Task type is invalid.",
  "Base model is not found.",
  "interface not specified in config.json",
  "interface in config.json invalid",
  "Model filename not specified in config.json",
  "tag did not correspond to a valid NeMo domain.",
  "Type of model unknown.",
  "Unknown pipeline tag",
] as const;

/** Whether a snippet is one of the fallback texts rather than code. */
export function isFallbackText(snippet: string): boolean {
  const text = snippet.trim();
  return FALLBACK_TEXTS.some((fallback) => fallback === text);
}
