// JSON bodies that may hold file contents, rendered as code in any target language.
import { INDENT } from "../../code/index.js";
import { type BodyValue, FileRef } from "../request.js";

/** A leaf of a body that is not a file: string, number, boolean or null. */
export type BodyScalar = string | number | boolean | null;

/**
 * The body as code: literal text, with each file reference left as its own segment so the caller can
 * put an expression (python, js) or a shell expansion (curl) in its place. Indented by 4 spaces per level.
 */
export function bodySegments(
  value: BodyValue,
  level: number,
  scalar: (value: BodyScalar) => string,
): Array<string | FileRef> {
  const out: Array<string | FileRef> = [];
  let text = "";
  const visit = (node: BodyValue, depth: number): void => {
    if (node instanceof FileRef) {
      out.push(text, node);
      text = "";
      return;
    }
    if (Array.isArray(node) || (node !== null && typeof node === "object")) {
      const entries: Array<[string | null, BodyValue]> = Array.isArray(node)
        ? node.map((item) => [null, item])
        : Object.entries(node);
      const [open, close] = Array.isArray(node) ? ["[", "]"] : ["{", "}"];
      if (entries.length === 0) {
        text += open + close;
        return;
      }
      text += `${open}\n`;
      entries.forEach(([key, item], i) => {
        text += INDENT.repeat(depth + 1) + (key === null ? "" : `${scalar(key)}: `);
        visit(item, depth + 1);
        text += i < entries.length - 1 ? ",\n" : "\n";
      });
      text += INDENT.repeat(depth) + close;
      return;
    }
    text += scalar(node);
  };
  visit(value, level);
  out.push(text);
  return out.filter((segment) => segment !== "");
}
