import type { ModelDetail, ModelSnippets } from "../../api";
import { Tabs } from "../../components/Tabs/Tabs";
import { InferenceView } from "../Inference/InferenceView";
import type { OnPanelChange, PanelState } from "../panel-state";
import { HubSetupNote } from "./HubSetupNote";
import { LibrarySection } from "./LibrarySection";
import "./UseThisModel.css";

/** Props of `UseThisModel`. */
export interface UseThisModelProps {
  /** The model. */
  model: ModelDetail;
  /** The latest snippets loaded, if any. */
  snippets: ModelSnippets | undefined;
  /** Why the latest snippets request failed, or null. */
  error: string | null;
  /** Whether newer snippets are being fetched. */
  loading: boolean;
  /** The panel state from the URL. */
  state: PanelState;
  /** Applies a change to the panel state. */
  onChange: OnPanelChange;
  /** Retries a failed load. */
  onRetry: () => void;
}

/** The "Use this model" panel: one tab per applicable library, then the inference view. */
export function UseThisModel({ model, snippets, error, loading, state, onChange, onRetry }: UseThisModelProps) {
  return (
    <section className="use-this-model" aria-labelledby="use-this-model-heading" aria-busy={loading}>
      <h2 id="use-this-model-heading">Use this model</h2>
      <section aria-labelledby="libraries-heading">
        <h3 id="libraries-heading">Libraries</h3>
        {snippets === undefined ? (
          error !== null ? (
            <div className="note note--error" role="alert">
              <p>The snippets could not be loaded: {error}</p>
              <button type="button" className="button" onClick={onRetry}>
                Try again
              </button>
            </div>
          ) : (
            <p role="status">Loading snippets…</p>
          )
        ) : (
          <>
            <HubSetupNote hub={snippets.hub} />
            <Libraries snippets={snippets} state={state} onChange={onChange} />
          </>
        )}
      </section>
      <InferenceView model={model} snippets={snippets} error={error} state={state} onChange={onChange} />
    </section>
  );
}

/** The library tabs, or a note when no library applies. */
function Libraries({
  snippets,
  state,
  onChange,
}: {
  snippets: ModelSnippets;
  state: PanelState;
  onChange: OnPanelChange;
}) {
  const { libraries } = snippets;
  const selected = libraries.find((library) => library.key === state.library) ?? libraries[0];
  if (!selected) {
    return (
      <p className="note" role="note">
        No library applies to this model: it names no known library, neither as its library nor in its tags.
      </p>
    );
  }
  return (
    <Tabs
      label="Library"
      items={libraries.map((library) => ({ id: library.key, label: library.prettyLabel }))}
      selected={selected.key}
      onSelect={(library) => onChange({ library }, { replace: true })}
    >
      <LibrarySection library={selected} />
    </Tabs>
  );
}
