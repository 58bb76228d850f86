import { useId } from "react";
import type { LibrarySnippets } from "../../api";
import { ExternalLink } from "../../components/ExternalLink";
import { plainLabel } from "../../lib/plain-label";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { fallbackTextsIn, isFallbackText } from "../CodeBlock/fallback-texts";

/** Props of `LibrarySection`. */
export interface LibrarySectionProps {
  /** The library and the model's snippets for it. */
  library: LibrarySnippets;
}

/** One applicable library: label, filter badge, repository and docs links, then its snippets. */
export function LibrarySection({ library }: LibrarySectionProps) {
  const headingId = useId();
  return (
    <section className="library" aria-labelledby={headingId}>
      <div className="library__head">
        <h4 id={headingId} className="library__label">
          {plainLabel(library.prettyLabel)}
        </h4>
        {library.filter && (
          <span className="badge" title="This library is offered in the model list's library filter.">
            Filter library
          </span>
        )}
      </div>
      <ul className="library__links">
        <li>
          Repository: <ExternalLink href={library.repoUrl}>{plainLabel(library.repoName)}</ExternalLink>
        </li>
        {library.docsUrl !== null && (
          <li>
            <ExternalLink href={library.docsUrl}>Documentation</ExternalLink>
          </li>
        )}
      </ul>
      {library.snippets.length === 0 ? (
        <p className="note" role="note">
          {library.prettyLabel} has no load snippet; its repository explains how to use the model.
        </p>
      ) : (
        library.snippets.map((code, index) =>
          isFallbackText(code) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: snippets have no identity but their place.
            <p key={index} className="note note--warning" role="note">
              {code}
            </p>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: snippets have no identity but their place.
            <div key={index}>
              <IncompleteNote texts={fallbackTextsIn(code)} />
              <CodeBlock
                code={code}
                language={library.languages[index] ?? "python"}
                title={`${library.prettyLabel} snippet${library.snippets.length > 1 ? ` ${index + 1}` : ""}`}
              />
            </div>
          ),
        )
      )}
    </section>
  );
}

/** Says a snippet needs a value the model record lacks, quoting the generator's fallback texts. */
function IncompleteNote({ texts }: { texts: string[] }) {
  if (texts.length === 0) return null;
  return (
    <p className="note note--warning" role="note">
      <strong>The model record lacks what this snippet needs:</strong> {texts.join(" · ")} Read the code's comments
      before running it.
    </p>
  );
}
