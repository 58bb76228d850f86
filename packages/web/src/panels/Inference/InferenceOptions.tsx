import { useId } from "react";
import { flag, type OnPanelChange, type PanelState } from "../panel-state";

/** Props of `InferenceOptions`. */
export interface InferenceOptionsProps {
  /** The current panel state. */
  state: PanelState;
  /** Applies a change to the panel state. */
  onChange: OnPanelChange;
}

/** The optional inference settings: bill-to organisation, custom endpoint URL, direct request. */
export function InferenceOptions({ state, onChange }: InferenceOptionsProps) {
  const ids = { billTo: useId(), endpointUrl: useId(), directRequest: useId() };
  return (
    <fieldset className="inference-options">
      <legend>Options</legend>
      <div className="field">
        <label htmlFor={ids.billTo}>Bill to (organisation)</label>
        {/* Typing replaces the history entry: one entry per word would make back useless. */}
        <input
          id={ids.billTo}
          type="text"
          value={state.billTo}
          placeholder="my-org"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ billTo: event.target.value }, { replace: true })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.endpointUrl}>Custom endpoint URL</label>
        <input
          id={ids.endpointUrl}
          type="url"
          value={state.endpointUrl}
          placeholder="https://…"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ endpointUrl: event.target.value }, { replace: true })}
        />
      </div>
      <div className="field field--inline">
        <input
          id={ids.directRequest}
          type="checkbox"
          checked={state.directRequest}
          onChange={(event) => onChange({ directRequest: flag(event.target.checked) })}
        />
        <label htmlFor={ids.directRequest}>Direct request (call the provider, not the router)</label>
      </div>
    </fieldset>
  );
}
