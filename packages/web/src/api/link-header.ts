/** The `cursor` query parameter of the `rel="next"` URL in a `Link` header, or null. */
export function nextCursor(linkHeader: string | null): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(",")) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part.trim());
    if (!match || !/\brel\s*=\s*"?next"?/.test(match[2] ?? "")) continue;
    const url = new URL(match[1] ?? "", "http://link.invalid");
    return url.searchParams.get("cursor");
  }
  return null;
}
