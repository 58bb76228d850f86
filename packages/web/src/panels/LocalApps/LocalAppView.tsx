import { useId } from "react";
import type { LocalAppEntry } from "../../api/local-apps";
import { ExternalLink } from "../../components/ExternalLink";
import { CodeBlock } from "../CodeBlock/CodeBlock";

// Deeplinks open desktop apps; only their own schemes become links, never script or file URLs.
const APP_SCHEMES = ["lmstudio:", "jan:"];

function deeplinkHref(link: string | null): string | undefined {
  if (!link) return undefined;
  try {
    return APP_SCHEMES.includes(new URL(link).protocol) ? link : undefined;
  } catch {
    return undefined;
  }
}

/** Props of `LocalAppView`. */
export interface LocalAppViewProps {
  /** The app and its commands. */
  app: LocalAppEntry;
}

/** One local app: label, docs link, a deeplink when it has one, and each titled command variant. */
export function LocalAppView({ app }: LocalAppViewProps) {
  const headingId = useId();
  const deeplink = deeplinkHref(app.deeplink);
  return (
    <section className="local-app" aria-labelledby={headingId}>
      <div className="library__head">
        <h4 id={headingId} className="library__label">
          {app.prettyLabel}
        </h4>
        {app.macOSOnly && <span className="badge">macOS only</span>}
      </div>
      <ul className="library__links">
        <li>
          <ExternalLink href={app.docsUrl}>Documentation</ExternalLink>
        </li>
        {deeplink && (
          <li>
            <a href={deeplink}>Open in {app.prettyLabel}</a>
          </li>
        )}
      </ul>
      {app.snippets.map((snippet, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: variants have no identity but their place.
        <div key={index} className="local-app__variant">
          <h5>{snippet.title}</h5>
          {snippet.setup !== null && (
            <CodeBlock code={snippet.setup} language="sh" title={`${app.prettyLabel}: install (${snippet.title})`} />
          )}
          <CodeBlock code={snippet.content} language="sh" title={`${app.prettyLabel}: run (${snippet.title})`} />
        </div>
      ))}
    </section>
  );
}
