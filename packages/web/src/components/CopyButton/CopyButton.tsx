import { useCopy } from "../../hooks/useCopy";
import "./CopyButton.css";

/** Props of `CopyButton`. */
export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** What is copied, for screen readers, e.g. "python snippet". */
  what: string;
}

const LABELS = { idle: "Copy", copied: "Copied", failed: "Copy failed" } as const;

/** A button that copies `text` and confirms with "Copied" (announced politely). */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [state, copy] = useCopy();
  return (
    <button type="button" className="copy-button" data-state={state} onClick={() => void copy(text)}>
      <span aria-live="polite">{LABELS[state]}</span>
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}
