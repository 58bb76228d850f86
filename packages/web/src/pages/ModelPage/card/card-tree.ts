// The model card's HTML becomes this small typed tree, and only the tree is rendered: no HTML
// string reaches the page, and nothing outside the allow-list below survives the trip.
import { cardHref, cardSrc } from "../../../lib/card-urls";

/** The elements a card may hold. */
export const CARD_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "code",
  "pre",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "blockquote",
  "em",
  "strong",
  "del",
  "hr",
  "br",
] as const;

/** An element a card may hold. */
export type CardTag = (typeof CARD_TAGS)[number];

// Elements whose content is code, styling or an embedded document, not text for the reader:
// they go with everything inside them. Any other unknown element is unwrapped, its text kept.
const DROPPED_WITH_CONTENT: readonly string[] = [
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "svg",
  "math",
  "textarea",
  "select",
  "button",
  "head",
  "title",
];

// Table rows and sections hold only elements: a text node there is invalid HTML React refuses.
const ELEMENTS_ONLY: readonly CardTag[] = ["table", "thead", "tbody", "tr"];

// Deeper nesting than any real card needs is flattened to its text, so hostile nesting cannot
// blow the stack.
const MAX_DEPTH = 48;

/** The horizontal alignments a table cell may carry. */
export type TextAlign = "left" | "right" | "center";

/** The attributes that survive, each already checked. */
export interface CardAttributes {
  /** A link's target: http(s), mailto, relative or `#anchor`. */
  href?: string;
  /** An image's source: http(s) or relative. */
  src?: string;
  /** An image's text. */
  alt?: string;
  /** A tooltip of a link or image. */
  title?: string;
  /** `language-*` of a code element. */
  language?: string;
  /** A table cell's alignment. */
  textAlign?: TextAlign;
}

/** An allowed element with its checked attributes. */
export interface CardElement {
  /** The element. */
  tag: CardTag;
  /** Its attributes after the allow-list. */
  attributes: CardAttributes;
  /** Its content. */
  children: CardNode[];
}

/** Text or an allowed element. */
export type CardNode = string | CardElement;

const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const TEXT_ALIGN = /^\s*text-align\s*:\s*(left|right|center)\s*;?\s*$/i;
const LANGUAGE_CLASS = /^language-([A-Za-z0-9_+-]{1,40})$/;

/** Whether `tag` is on the allow-list. */
function isCardTag(tag: string): tag is CardTag {
  return (CARD_TAGS as readonly string[]).includes(tag);
}

/** The checked attributes `element` keeps as `tag`. */
function attributesOf(element: Element, tag: CardTag): CardAttributes {
  const title = element.getAttribute("title") ?? undefined;
  switch (tag) {
    case "a":
      return { href: cardHref(element.getAttribute("href")), title };
    case "img":
      return { src: cardSrc(element.getAttribute("src")), alt: element.getAttribute("alt") ?? "", title };
    case "code": {
      const language = [...element.classList].map((name) => LANGUAGE_CLASS.exec(name)?.[1]).find(Boolean);
      return language ? { language } : {};
    }
    case "th":
    case "td": {
      const align = TEXT_ALIGN.exec(element.getAttribute("style") ?? "")?.[1]?.toLowerCase();
      return align ? { textAlign: align as TextAlign } : {};
    }
    default:
      return {};
  }
}

/** The card nodes of `node`'s children. */
function childrenOf(node: Node, parent: CardTag | null, depth: number): CardNode[] {
  const nodes: CardNode[] = [];
  for (const child of node.childNodes) nodes.push(...convert(child, parent, depth));
  return nodes;
}

/** One DOM node as card nodes: none (dropped), its text, itself, or its unwrapped children. */
function convert(node: Node, parent: CardTag | null, depth: number): CardNode[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? "";
    return text === "" || (parent !== null && ELEMENTS_ONLY.includes(parent)) ? [] : [text];
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.localName;
  if (element.namespaceURI !== HTML_NAMESPACE || DROPPED_WITH_CONTENT.includes(tag)) return [];
  if (depth >= MAX_DEPTH) return element.textContent ? [element.textContent] : [];
  if (!isCardTag(tag)) return childrenOf(element, parent, depth + 1);
  return [{ tag, attributes: attributesOf(element, tag), children: childrenOf(element, tag, depth + 1) }];
}

/** The allowed content of a card's HTML, parsed by an inert `DOMParser` document (nothing loads or runs there). */
export function parseCardHtml(html: string): CardNode[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  return childrenOf(document.body, null, 0);
}

/** The text of card nodes, markup removed. */
export function cardText(nodes: readonly CardNode[]): string {
  return nodes.map((node) => (typeof node === "string" ? node : cardText(node.children))).join("");
}
