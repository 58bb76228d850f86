import type { ModelDetail, ModelSnippets, ProviderLabel } from "../../api";
import { ErrorNote } from "../../components/ErrorNote";
import { Tabs } from "../../components/Tabs/Tabs";
import { plainLabel } from "../../lib/plain-label";
import { InferenceView } from "../Inference/InferenceView";
import { LocalApps } from "../LocalApps/LocalApps";
import type { OnPanelChange, PanelState } from "../panel-state";
import { HubSetupNote } from "./HubSetupNote";
import { LibrarySection } from "./LibrarySection";
import "./UseThisModel.css";

/** Props of `UseThisModel`. */
export interface UseThisModelProps {
  /** The model. */
  model: ModelDetail;
  /** The latest snippets loaded for the inference options, if any. */
  snippets: ModelSnippets | undefined;
  /** Why the latest snippets request failed (undefined when it did not). */
  error: unknown;
  /**
   * Where the library snippets come from: the same answer, or, when the inference options in the URL are refused,
   * an answer without them (library snippets do not depend on them).
   */
  libraries: { data: ModelSnippets | undefined; error: unknown; reload: () => void };
  /** Provider display names, once loaded. */
  providers: readonly ProviderLabel[] | undefined;
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
export function UseThisModel(props: UseThisModelProps) {
  const { model, snippets, error, libraries, loading, state, onChange, onRetry, providers } = props;
  return (
    <section className="use-this-model" aria-labelledby="use-this-model-heading" aria-busy={loading}>
      <h2 id="use-this-model-heading">Use this model</h2>
      <section aria-labelledby="libraries-heading">
        <h3 id="libraries-heading">Libraries</h3>
        {libraries.data !== undefined ? (
          <>
            <HubSetupNote hub={libraries.data.hub} />
            <Libraries snippets={libraries.data} state={state} onChange={onChange} />
          </>
        ) : libraries.error !== undefined ? (
          <ErrorNote what="The snippets" error={libraries.error} onRetry={libraries.reload} />
        ) : (
          <p role="status">Loading snippets…</p>
        )}
      </section>
      <InferenceView
        model={model}
        snippets={error === undefined ? snippets : undefined}
        error={error}
        state={state}
        onChange={onChange}
        onRetry={onRetry}
        providers={providers}
      />
      <LocalApps modelId={model.id} />
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
      items={libraries.map((library) => ({ id: library.key, label: plainLabel(library.prettyLabel) }))}
      selected={selected.key}
      onSelect={(library) => onChange({ library }, { replace: true })}
    >
      <LibrarySection library={selected} />
    </Tabs>
  );
}
