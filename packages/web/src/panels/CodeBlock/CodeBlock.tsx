import type { SnippetLanguage } from "../../api";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { useHighlighted } from "../../hooks/useHighlighted";
import { HastNodes } from "./HastNodes";
import { LANGUAGE_LABELS } from "./languages";
import "./CodeBlock.css";

/** Props of `CodeBlock`. */
export interface CodeBlockProps {
  /** The code, shown and copied exactly as given. */
  code: string;
  /** Its language, for highlighting and the label. */
  language: SnippetLanguage;
  /** What the code is, for screen readers, e.g. "Transformers snippet 1". */
  title: string;
}

/** A snippet: its language, a copy button, and the code highlighted once the highlighter has loaded. */
export function CodeBlock({ code, language, title }: CodeBlockProps) {
  const tree = useHighlighted(code, language);
  return (
    <figure className="code-block" aria-label={title}>
      <figcaption className="code-block__bar">
        <span className="code-block__language">{LANGUAGE_LABELS[language]}</span>
        <CopyButton text={code} what={title} />
      </figcaption>
      {/* A tab stop so keyboard users can scroll long lines sideways. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable. */}
      <pre className="code-block__pre" tabIndex={0}>
        <code className="hljs" data-language={language}>
          {tree ? <HastNodes nodes={tree.children} /> : code}
        </code>
      </pre>
    </figure>
  );
}
