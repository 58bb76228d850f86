import type { ModelPage } from "../../api";
import type { Resource } from "../../hooks/useResource";
import { errorText } from "../../lib/error-text";
import { ModelRow } from "./ModelRow";

/** Props of `ModelResults`. */
export interface ModelResultsProps {
  /** The page of models being shown. */
  models: Resource<ModelPage>;
  /** Whether the list is narrowed by a filter. */
  filtered: boolean;
  /** Whether this is a later page (the cursor is set). */
  paged: boolean;
  /** Moves to the page after this one. */
  onNext: (cursor: string) => void;
  /** Back to the first page. */
  onFirst: () => void;
  /** Clears every filter. */
  onClear: () => void;
}

/** The list of models with explicit loading, error and empty states, and cursor pagination. */
export function ModelResults({ models, filtered, paged, onNext, onFirst, onClear }: ModelResultsProps) {
  const { data, error, loading } = models;
  if (data === undefined || (error !== undefined && !loading)) {
    if (error !== undefined) {
      return (
        <div className="note note--error" role="alert">
          <p>The models could not be loaded: {errorText(error)}</p>
          <button type="button" className="button" onClick={models.reload}>
            Try again
          </button>
        </div>
      );
    }
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
  const next = data.nextCursor;
  return (
    <>
      <ol className="model-list" aria-label="Models" aria-busy={loading}>
        {data.items.map((model) => (
          <ModelRow key={model.id} model={model} />
        ))}
      </ol>
      {(paged || next !== null) && (
        <nav className="pagination" aria-label="Pagination">
          {paged && (
            <button type="button" className="button" onClick={onFirst}>
              First page
            </button>
          )}
          {next !== null && (
            <button type="button" className="button" onClick={() => onNext(next)}>
              Next page
            </button>
          )}
        </nav>
      )}
    </>
  );
}
