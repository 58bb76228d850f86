import { useCallback, useEffect, useState } from "react";

/** Where a copy stands: nothing yet, done, or refused by the browser. */
export type CopyState = "idle" | "copied" | "failed";

// Long enough to read "Copied", short enough that a second copy shows it again.
const CONFIRM_MS = 2000;

/** Copies text to the clipboard and reports the outcome for a short while. */
export function useCopy(): [CopyState, (text: string) => Promise<void>] {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }, []);
  return [state, copy];
}
