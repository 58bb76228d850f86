import { useId } from "react";
import type { HubSetup } from "../../api";
import { CodeBlock } from "../CodeBlock/CodeBlock";

/** Props of `HubSetupNote`. */
export interface HubSetupNoteProps {
  /** The engine's setup lines, or null for a model on the public hub (nothing is shown). */
  hub: HubSetup | null;
}

/** The line to run before any snippet works, for a model this self-hosted hub serves: HF_ENDPOINT, git's URL. */
export function HubSetupNote({ hub }: HubSetupNoteProps) {
  const headingId = useId();
  if (hub === null) return null;
  return (
    <section className="hub-setup" aria-labelledby={headingId}>
      <h4 id={headingId}>First, point your tools at this hub</h4>
      <p>Python libraries (huggingface_hub, transformers and the others below) load from the hub HF_ENDPOINT names:</p>
      <CodeBlock code={hub.python} language="sh" title="Point Python libraries at this hub" />
      <p>git clones it from here; git-lfs fetches the large files:</p>
      <CodeBlock code={hub.git} language="sh" title="Clone this model with git" />
    </section>
  );
}
