import type { SnippetLanguage } from "../../../api";
import { useHighlighted } from "../../../hooks/useHighlighted";
import { HastNodes } from "../../../panels/CodeBlock/HastNodes";

/** Props of `CardCode`. */
export interface CardCodeProps {
  /** The code block's text. */
  code: string;
  /** Its `language-*` name as the card wrote it, if any. */
  language: string | undefined;
  /** The highlighter language, or null for plain text. */
  highlightAs: SnippetLanguage | null;
}

/** A highlighted code block of a card; the plain code shows until the highlighter chunk has loaded. */
function HighlightedCode({ code, language }: { code: string; language: SnippetLanguage }) {
  const tree = useHighlighted(code, language);
  return tree ? <HastNodes nodes={tree.children} /> : code;
}

/** A card's `<pre><code>` block, highlighted when its language is Python, JavaScript or shell. */
export function CardCode({ code, language, highlightAs }: CardCodeProps) {
  return (
    // A tab stop so keyboard users can scroll long lines sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable.
    <pre className="model-card__pre" tabIndex={0}>
      <code className={language ? `hljs language-${language}` : "hljs"}>
        {highlightAs ? <HighlightedCode code={code} language={highlightAs} /> : code}
      </code>
    </pre>
  );
}
