// `Link` headers of a list page. Absolute under the hub's origin (the field's clients follow them without
// resolving), relative when the origin is unknown; never built from the client's `Host`.

// The request's path and query with `cursor` set (or removed when null), under `origin`.
function pageUrl(origin: string | null, requestUrl: string, cursor: string | null): string {
  const url = new URL(requestUrl, "http://hub.invalid");
  if (cursor === null) url.searchParams.delete("cursor");
  else url.searchParams.set("cursor", cursor);
  return `${origin ?? ""}${url.pathname}${url.search}`;
}

/** The `Link` header pointing at the next page. */
export function nextPageLink(origin: string | null, requestUrl: string, cursor: string): string {
  return `<${pageUrl(origin, requestUrl, cursor)}>; rel="next"`;
}

/** The `Link` header of a page: its next and previous pages (either may be absent), or null when there is neither. */
export function pageLinks(
  origin: string | null,
  requestUrl: string,
  next: string | null,
  prev: string | null,
): string | null {
  const links: string[] = [];
  if (next !== null) links.push(nextPageLink(origin, requestUrl, next));
  // The first page is the plain query: no cursor at all.
  if (prev !== null) links.push(`<${pageUrl(origin, requestUrl, prev === "" ? null : prev)}>; rel="prev"`);
  return links.length === 0 ? null : links.join(", ");
}
