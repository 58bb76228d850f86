/** The `Link` header pointing at the next page: the request's absolute URL with `cursor` set, as the field's clients
 * follow it without resolving. */
export function nextPageLink(origin: string, requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, origin);
  url.searchParams.set("cursor", cursor);
  return `<${url.href}>; rel="next"`;
}
