/** The `Link` header pointing at the next page: the request's absolute URL with `cursor` set, as the field's clients
 * follow it without resolving. */
export function nextPageLink(origin: string, requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, origin);
  url.searchParams.set("cursor", cursor);
  return `<${url.href}>; rel="next"`;
}

/** The `Link` header of a page: its next and previous pages (either may be absent), or null when there is neither. */
export function pageLinks(origin: string, requestUrl: string, next: string | null, prev: string | null): string | null {
  const links: string[] = [];
  if (next !== null) links.push(nextPageLink(origin, requestUrl, next));
  if (prev !== null) {
    const url = new URL(requestUrl, origin);
    // The first page is the plain query: no cursor at all.
    if (prev === "") url.searchParams.delete("cursor");
    else url.searchParams.set("cursor", prev);
    links.push(`<${url.href}>; rel="prev"`);
  }
  return links.length === 0 ? null : links.join(", ");
}
