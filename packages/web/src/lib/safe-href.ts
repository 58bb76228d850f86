const SAFE_PROTOCOLS: readonly string[] = ["http:", "https:"];

/**
 * `url` when it is an absolute http(s) URL, else undefined: a link built from data never runs
 * script (`javascript:`), opens local files or smuggles a relative path.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.includes(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
