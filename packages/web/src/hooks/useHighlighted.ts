import type { Root } from "hast";
import { useEffect, useState } from "react";
import type { SnippetLanguage } from "../api";

/**
 * The highlighted syntax tree of `code`, or null until the highlighter chunk has loaded (the
 * plain code shows meanwhile, so the first snippet never waits for the grammars).
 */
export function useHighlighted(code: string, language: SnippetLanguage): Root | null {
  const [highlighted, setHighlighted] = useState<{ code: string; language: SnippetLanguage; tree: Root } | null>(null);
  useEffect(() => {
    let current = true;
    import("../panels/CodeBlock/highlight").then(
      ({ highlight }) => {
        if (current) setHighlighted({ code, language, tree: highlight(code, language) });
      },
      // Without the chunk the code stays plain: still correct, only uncoloured.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [code, language]);
  return highlighted && highlighted.code === code && highlighted.language === language ? highlighted.tree : null;
}
