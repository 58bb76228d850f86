// Links and images in a model card come from strangers' markdown. The server sanitizes them; the
// page checks them again, because the page must stay safe even if the server's rules change.

// Browsers drop tabs and newlines inside URLs and read backslashes as slashes, which turns
// `java\nscript:` or `/\evil.example` into something else than it looks: such values are refused.
const ABSOLUTE = /^([a-z][a-z0-9+.-]*):/i;

/** Whether `url` holds a control character, whitespace or a backslash. */
function hasUnsafeCharacter(url: string): boolean {
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/** `url` when it is a path on this hub (`/…` but not `//…`), a fragment or a relative path with no scheme. */
function sameOrigin(url: string): string | undefined {
  if (url.startsWith("//")) return undefined;
  if (url.startsWith("/") || url.startsWith("#")) return url;
  // A relative path must not start with a scheme: `a:b` would be read as the scheme `a`.
  return ABSOLUTE.test(url) ? undefined : url;
}

/** `url` when it parses as an absolute URL with one of `protocols`, else undefined. */
function absolute(url: string, protocols: readonly string[]): string | undefined {
  try {
    return protocols.includes(new URL(url).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The checked value of a card URL: same-origin forms, or an absolute URL with an allowed protocol. */
function cardUrl(value: string | null, protocols: readonly string[], fragments: boolean): string | undefined {
  if (value === null || value === "" || hasUnsafeCharacter(value)) return undefined;
  if (!fragments && value.startsWith("#")) return undefined;
  return ABSOLUTE.test(value) ? absolute(value, protocols) : sameOrigin(value);
}

/** A card link's href when it is http(s), mailto, relative or `#anchor`; undefined otherwise. */
export function cardHref(value: string | null): string | undefined {
  return cardUrl(value, ["http:", "https:", "mailto:"], true);
}

/** A card image's src when it is http(s) or relative; undefined otherwise (no `data:`, no `javascript:`). */
export function cardSrc(value: string | null): string | undefined {
  return cardUrl(value, ["http:", "https:"], false);
}

/** `url` when it is a path on this hub (`/…`), as the file list's download links are; undefined otherwise. */
export function hubPath(value: string | null): string | undefined {
  const url = cardUrl(value, [], false);
  return url?.startsWith("/") ? url : undefined;
}
