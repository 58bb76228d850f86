/** URL paths built from ids that come from model records (a provider's model id may hold anything). */

// Ids that are already plain path segments keep their spelling: the common case costs one scan.
const PLAIN_PATH = /^[\w.~-]+(?:\/[\w.~-]+)*$/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
const LONE_SURROGATE = /[\ud800-\udfff]/gu;

/**
 * `id` as a URL path: each `/`-separated segment percent-encoded, so no value can add a query, a fragment,
 * a dot segment that climbs out of the route, or a raw control character; a lone surrogate becomes U+FFFD.
 */
export function urlPath(id: string): string {
  if (PLAIN_PATH.test(id) && !DOT_SEGMENT.test(id)) return id;
  return id.replace(LONE_SURROGATE, "\ufffd").split("/").map(urlSegment).join("/");
}

// encodeURIComponent leaves these sub-delimiters raw; a quote in a URL is one more thing to read twice.
const SUB_DELIMS = /[!'()*]/g;

function urlSegment(segment: string): string {
  if (segment === "." || segment === "..") return segment.replace(/\./g, "%2E");
  return encodeURIComponent(segment).replace(SUB_DELIMS, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}
