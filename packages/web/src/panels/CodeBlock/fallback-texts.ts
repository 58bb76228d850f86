/**
 * The texts a snippet generator writes when the model record lacks what it needs (spec §5),
 * either as the whole snippet or as a comment in code that still needs a value filled in.
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

/** Whether a snippet is one of the fallback texts alone rather than code. */
export function isFallbackText(snippet: string): boolean {
  const text = snippet.trim();
  return FALLBACK_TEXTS.some((fallback) => fallback === text);
}

/** The fallback texts a snippet's comment lines carry, so the panel can say the code is incomplete. */
export function fallbackTextsIn(snippet: string): string[] {
  const comments = snippet
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("#") || line.startsWith("//"));
  return FALLBACK_TEXTS.filter((fallback) => comments.some((line) => line.includes(fallback)));
}
