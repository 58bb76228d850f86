import type { CardFacts, ModelCard as ModelCardData } from "../../../api";
import { CardHtml } from "./CardHtml";
import "./ModelCard.css";

/** Props of `ModelCard`. */
export interface ModelCardProps {
  /** The card; null when the model has none, undefined while it loads. */
  card: ModelCardData | null | undefined;
  /** Why loading the card failed, or null. */
  error: string | null;
  /** Retries a failed load. */
  onRetry: () => void;
}

/** The front matter facts the card declares, as text; nothing when it declares none. */
function Facts({ facts }: { facts: CardFacts }) {
  const rows = [
    ["License", facts.license === null ? [] : [facts.license]],
    ["Datasets", facts.datasets],
    ["Base model", facts.baseModels],
  ] as const;
  const shown = rows.filter(([, values]) => values.length > 0);
  if (shown.length === 0) return null;
  return (
    <dl className="facts model-card__facts" aria-label="Card facts">
      {shown.map(([label, values]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{values.join(", ")}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The model card tab: the README's facts and body, or why there is none. */
export function ModelCard({ card, error, onRetry }: ModelCardProps) {
  if (card === undefined) {
    return error !== null ? (
      <div className="note note--error" role="alert">
        <p>The model card could not be loaded: {error}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    ) : (
      <p role="status">Loading the model card…</p>
    );
  }
  if (card === null) {
    return (
      <p className="note" role="note">
        No model card: this model has no README.md.
      </p>
    );
  }
  return (
    <>
      <Facts facts={card.facts} />
      <div className="model-card">
        <CardHtml html={card.html} />
      </div>
    </>
  );
}
