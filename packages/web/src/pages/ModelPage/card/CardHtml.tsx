import { createElement, type ReactNode, useMemo } from "react";
import { CardCode } from "./CardCode";
import { cardCodeLanguage } from "./card-code";
import { type CardElement, type CardNode, cardText, parseCardHtml } from "./card-tree";

// Every link of a card leads to someone else's page: no referrer, no opener, no ranking credit.
const LINK_REL = "nofollow noopener noreferrer";

/** The only code child of a `pre` (whitespace around it ignored), or null when it holds anything else. */
function onlyCode(pre: CardElement): CardElement | null {
  const content = pre.children.filter((child) => typeof child !== "string" || child.trim() !== "");
  const [first] = content;
  return content.length === 1 && typeof first !== "string" && first?.tag === "code" ? first : null;
}

/** One allowed element as a React element; its props come only from the checked attributes. */
function renderElement(node: CardElement, key: number): ReactNode {
  const { tag, attributes } = node;
  const children = node.children.length > 0 ? node.children.map(renderNode) : undefined;
  switch (tag) {
    case "a":
      // A link whose target was refused keeps its text, not a dead or dangerous anchor.
      return attributes.href === undefined ? (
        <span key={key}>{children}</span>
      ) : (
        <a key={key} href={attributes.href} title={attributes.title} rel={LINK_REL}>
          {children}
        </a>
      );
    case "img":
      return attributes.src === undefined ? (
        attributes.alt || null
      ) : (
        <img
          key={key}
          src={attributes.src}
          alt={attributes.alt}
          title={attributes.title}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      );
    case "pre": {
      const code = onlyCode(node);
      if (code === null) return <pre key={key}>{children}</pre>;
      const language = code.attributes.language;
      return (
        <CardCode
          key={key}
          code={cardText(code.children)}
          language={language}
          highlightAs={cardCodeLanguage(language)}
        />
      );
    }
    case "code":
      return (
        <code key={key} className={attributes.language ? `language-${attributes.language}` : undefined}>
          {children}
        </code>
      );
    case "th":
    case "td":
      return createElement(
        tag,
        { key, style: attributes.textAlign ? { textAlign: attributes.textAlign } : undefined },
        children,
      );
    case "br":
    case "hr":
      return createElement(tag, { key });
    default:
      return createElement(tag, { key }, children);
  }
}

/** A card node: text stays text (React escapes it), elements go through `renderElement`. */
function renderNode(node: CardNode, key: number): ReactNode {
  return typeof node === "string" ? node : renderElement(node, key);
}

/** Props of `CardHtml`. */
export interface CardHtmlProps {
  /** The card's HTML as the server rendered it. */
  html: string;
}

/** A model card's HTML rendered as React elements through the allow-list of `parseCardHtml`. */
export function CardHtml({ html }: CardHtmlProps) {
  const nodes = useMemo(() => parseCardHtml(html), [html]);
  return <>{nodes.map(renderNode)}</>;
}
