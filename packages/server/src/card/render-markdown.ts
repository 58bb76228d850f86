// Renders a model card's markdown to HTML that is safe to insert into the model page: markdown-it without raw
// HTML and with an allow-list of link schemes, then sanitize-html as a second fence should either ever slip.
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/** The URL schemes a link may use; anything else (javascript:, data:, vbscript:, file:) loses its link. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;

/** The URL schemes an image may load from. */
export const IMAGE_SCHEMES = ["http", "https"] as const;

/** Where relative links and images of a card point. */
export interface RenderOptions {
  /** URL path of the repository's files, ending in `/`, e.g. `/ns/name/resolve/main/`. */
  fileBaseUrl: string;
  /** Origins (`https://host`) images may load from besides the hub itself; an image elsewhere becomes its alt
   * text, so a card cannot make its readers' browsers call a tracker. */
  imageOrigins?: readonly string[];
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** True for a URL with an allowed scheme, or a relative one (protocol-relative `//host` counts as foreign). */
function isAllowedUrl(url: string, schemes: readonly string[]): boolean {
  const trimmed = url.trim();
  const scheme = SCHEME.exec(trimmed)?.[1];
  if (scheme === undefined) return !trimmed.startsWith("//");
  return schemes.includes(scheme.toLowerCase());
}

// One configured parser: markdown-it keeps no state between renders, so this is a constant, not shared state.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = (url) => isAllowedUrl(url, LINK_SCHEMES);

// A card's `[weights](model.safetensors)` means the repository's file, not a page beside the model page.
function resolveRelative(url: string, base: string): string {
  const trimmed = url.trim();
  if (SCHEME.test(trimmed) || /^[#/?]/.test(trimmed)) return trimmed;
  const resolved = new URL(trimmed, new URL(base, "http://hub.invalid"));
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

// True for a same-origin image (a relative URL) or one from an allowed origin.
function isAllowedImage(src: string, origins: readonly string[]): boolean {
  if (!SCHEME.test(src)) return true;
  try {
    return origins.includes(new URL(src).origin);
  } catch {
    return false;
  }
}

function sanitizeOptions(base: string, imageOrigins: readonly string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "s"],
      ...["del", "sup", "sub", "ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td"],
    ],
    allowedAttributes: {
      a: ["href", "title", "rel"],
      img: ["src", "alt", "title", "referrerpolicy"],
      code: ["class"],
      ol: ["start"],
      th: ["style"],
      td: ["style"],
    },
    allowedClasses: { code: ["language-*"] },
    allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          ...(attribs.href ? { href: resolveRelative(attribs.href, base) } : {}),
          rel: "nofollow noopener noreferrer",
        },
      }),
      img: (tagName, attribs) => {
        const src = attribs.src ? resolveRelative(attribs.src, base) : undefined;
        if (src !== undefined && !isAllowedImage(src, imageOrigins)) {
          return { tagName: "span", attribs: {}, text: attribs.alt ?? "" };
        }
        return { tagName, attribs: { ...attribs, ...(src ? { src } : {}), referrerpolicy: "no-referrer" } };
      },
    },
  };
}

/** The card's markdown as inert HTML: no script, no event handler, no link outside the allowed schemes. */
export function renderCardMarkdown(source: string, options: RenderOptions): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions(options.fileBaseUrl, options.imageOrigins ?? []));
}
