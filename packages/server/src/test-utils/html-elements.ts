// Reads the real elements of an HTML string with an HTML tokenizer (sanitize-html's), so a test about inert
// markup is not fooled by escaped text such as `&lt;a href="javascript:…"&gt;`.
import sanitizeHtml from "sanitize-html";

/** One element of an HTML string. */
export interface HtmlElement {
  /** Tag name, lowercase. */
  name: string;
  /** Its attributes. */
  attribs: Record<string, string>;
}

/** Every element of `html`, in document order. */
export function htmlElements(html: string): HtmlElement[] {
  const elements: HtmlElement[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    transformTags: {
      "*": (name, attribs) => {
        elements.push({ name, attribs });
        return { tagName: name, attribs };
      },
    },
  });
  return elements;
}

/** Every href and src value of `html`'s elements. */
export function htmlUrls(html: string): string[] {
  return htmlElements(html).flatMap((e) => [e.attribs.href, e.attribs.src].filter((url) => url !== undefined));
}
