// Names the apps give a downloaded model: lowercase words that registries and Ollama accept.

/** `text` as a lowercase name of letters, digits, `.`, `_` and `-` (others become `-`), at most 60 characters. */
export function localModelName(...parts: string[]): string {
  const name = parts
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 60)
    .replace(/[-._]+$/, "");
  return name || "model";
}
