import type { ElementContent, RootContent } from "hast";
import type { ReactNode } from "react";

/** The class names of a highlighter element, e.g. `hljs-keyword`. */
function classNames(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.filter((name) => typeof name === "string").join(" ") || undefined;
  return typeof value === "string" ? value : undefined;
}

/** One node of the highlighter's tree: elements become spans, text stays text React escapes. */
function renderNode(node: RootContent | ElementContent, key: number): ReactNode {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return null;
  return (
    <span key={key} className={classNames(node.properties.className)}>
      {node.children.map(renderNode)}
    </span>
  );
}

/** Renders highlighted code from its syntax tree as React elements: no HTML string is ever parsed. */
export function HastNodes({ nodes }: { nodes: readonly RootContent[] }) {
  return <>{nodes.map(renderNode)}</>;
}
