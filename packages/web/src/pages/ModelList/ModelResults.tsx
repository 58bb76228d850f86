import type { ModelFacets, ModelPage } from "../../api";
import { ErrorNote } from "../../components/ErrorNote";
import type { Resource } from "../../hooks/useResource";
import { totalText } from "./list-query";
import { ModelRow } from "./ModelRow";

/** Props of `ModelResults`. */
export interface ModelResultsProps {
  /** The page of models being shown. */
  models: Resource<ModelPage>;
  /** The total beside the list, when loaded. */
  facets: Resource<ModelFacets>;
  /** Whether the list is narrowed by a filter. */
  filtered: boolean;
  /** The page number (1 for the first page). */
  page: number;
  /** Moves to the page after this one. */
  onNext: (cursor: string) => void;
  /** Moves to the page before this one ("" = the first page). */
  onPrevious: (cursor: string) => void;
  /** Clears every filter. */
  onClear: () => void;
}

/** The list of models with explicit loading, error and empty states, its total, and previous/next pages. */
export function ModelResults({ models, facets, filtered, page, onNext, onPrevious, onClear }: ModelResultsProps) {
  const { data, error, loading } = models;
  if (data === undefined || (error !== undefined && !loading)) {
    if (error !== undefined) return <ErrorNote what="The models" error={error} onRetry={models.reload} />;
    return <p role="status">Loading models…</p>;
  }
  if (data.items.length === 0) {
    return (
      <div className="empty" role="status">
        <p>{filtered ? "No model matches these filters." : "There are no models on this hub yet."}</p>
        {filtered && (
          <button type="button" className="button" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    );
  }
  const { nextCursor: next, prevCursor: previous } = data;
  const total = facets.data?.total;
  return (
    <>
      <p className="list-page__total" aria-live="polite">
        {total === undefined ? "\u00a0" : totalText(total)}
        {page > 1 && <span className="muted"> · page {page}</span>}
      </p>
      <ol className="model-list" aria-label="Models" aria-busy={loading}>
        {data.items.map((model) => (
          <ModelRow key={model.id} model={model} />
        ))}
      </ol>
      {(previous !== null || next !== null) && (
        <nav className="pagination" aria-label="Pagination">
          <button
            type="button"
            className="button"
            disabled={previous === null}
            onClick={() => previous !== null && onPrevious(previous)}
          >
            Previous page
          </button>
          <button type="button" className="button" disabled={next === null} onClick={() => next && onNext(next)}>
            Next page
          </button>
        </nav>
      )}
    </>
  );
}
