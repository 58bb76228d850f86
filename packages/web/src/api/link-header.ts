/**
 * The `cursor` query parameter of the `rel` URL in a `Link` header: null when there is no such link, "" when the link
 * has no cursor (the first page).
 */
export function linkCursor(linkHeader: string | null, rel: "next" | "prev"): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(",")) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part.trim());
    if (!match || !new RegExp(`\\brel\\s*=\\s*"?${rel}"?`).test(match[2] ?? "")) continue;
    const url = new URL(match[1] ?? "", "http://link.invalid");
    return url.searchParams.get("cursor") ?? "";
  }
  return null;
}

/** The `cursor` query parameter of the `rel="next"` URL in a `Link` header, or null. */
export function nextCursor(linkHeader: string | null): string | null {
  return linkCursor(linkHeader, "next") || null;
}
