import type { InferenceInfo, InferenceSnippet, ModelDetail, ProviderLabel } from "../../api";
import { ErrorNote } from "../../components/ErrorNote";
import { Tabs } from "../../components/Tabs/Tabs";
import { describeError, PARAM_LABELS } from "../../lib/error-text";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { LANGUAGE_LABELS, SNIPPET_LANGUAGES } from "../CodeBlock/languages";
import { DEFAULT_PROVIDER, flag, type OnPanelChange, PANEL_PARAMS, type PanelState } from "../panel-state";
import { InferenceOptions } from "./InferenceOptions";
import { chooseInference } from "./inference-choice";
import { NoSnippet } from "./NoSnippet";
import { OmittedClients } from "./OmittedClients";
import { ProviderPicker } from "./ProviderPicker";
import { hasProviders, providerChoices, providerLabel } from "./provider-choices";
import { TokenNote } from "./TokenNote";
import "./Inference.css";

/** Props of `InferenceView`. */
export interface InferenceViewProps {
  /** The model whose providers are offered. */
  model: ModelDetail;
  /** The inference snippets and facts for the current options, when loaded. */
  snippets: { inference: InferenceSnippet[]; inferenceInfo: InferenceInfo } | undefined;
  /** Why the snippets for the current options could not be loaded (undefined when they were). */
  error: unknown;
  /** The current panel state. */
  state: PanelState;
  /** Applies a change to the panel state. */
  onChange: OnPanelChange;
  /** Loads the snippets again. */
  onRetry: () => void;
  /** Provider display names, once loaded. */
  providers: readonly ProviderLabel[] | undefined;
}

const LANGUAGE_TABS = SNIPPET_LANGUAGES.map((language) => ({ id: language, label: LANGUAGE_LABELS[language] }));

/** The inference view: provider, options, token note, then language and client tabs with the snippets. */
export function InferenceView({ model, snippets, error, state, onChange, onRetry, providers }: InferenceViewProps) {
  const provider = state.provider ?? DEFAULT_PROVIDER;
  const choices = providerChoices(model.inferenceProviderMapping, state.provider, providers);
  // No provider serves the model: code for one would not work, so only the visitor's own endpoint is offered.
  const unserved = !hasProviders(model.inferenceProviderMapping) && state.provider === null && state.endpointUrl === "";
  return (
    <section className="inference" aria-labelledby="inference-heading">
      <h3 id="inference-heading">Inference</h3>
      {unserved ? (
        <p className="note" role="note">
          No inference provider serves this model. If you deploy it yourself, enter your endpoint's URL below to get
          code that calls it.
        </p>
      ) : (
        <>
          <p className="muted">Call the model on hosted inference, through the hub's router or a provider.</p>
          <div className="inference__controls">
            {choices.length > 0 && (
              <ProviderPicker
                choices={choices}
                selected={provider}
                onPick={(picked) => onChange({ provider: picked })}
              />
            )}
            {snippets?.inferenceInfo.chat === true && (
              <label className="toggle">
                <input
                  type="checkbox"
                  checked={state.streaming}
                  onChange={(event) => onChange({ streaming: flag(event.target.checked) })}
                />
                Stream the response
              </label>
            )}
          </div>
        </>
      )}
      <InferenceOptions state={state} onChange={onChange} />
      {error !== undefined ? (
        <InferenceError error={error} state={state} onChange={onChange} onRetry={onRetry} />
      ) : unserved ? null : snippets === undefined ? (
        <p role="status">Loading snippets…</p>
      ) : (
        <InferenceSnippets
          snippets={snippets}
          provider={providerLabel(provider, providers)}
          state={state}
          onChange={onChange}
        />
      )}
    </section>
  );
}

// The value of a panel parameter as the URL holds it, for naming it in a message.
function panelValue(state: PanelState, param: string): string | null {
  const value = (state as unknown as Record<string, unknown>)[param];
  return typeof value === "string" && value !== "" ? value : null;
}

/** Why there is no inference snippet: a bad value in the URL (named, dropped with one click), or the hub's failure. */
function InferenceError({
  error,
  state,
  onChange,
  onRetry,
}: {
  error: unknown;
  state: PanelState;
  onChange: OnPanelChange;
  onRetry: () => void;
}) {
  const info = describeError(error);
  const param = PANEL_PARAMS.find((name) => name === info.param);
  if (info.kind === "bad-parameter" && param !== undefined) {
    const value = panelValue(state, param);
    const label = PARAM_LABELS[param] ?? param;
    return (
      <div className="note note--error" role="alert">
        <p>
          {value === null ? info.text : `${info.text.replace(/ in the address /, ` “${value}” in the address `)}`} The
          library snippets above do not depend on it.
        </p>
        <button type="button" className="button" onClick={() => onChange({ [param]: null })}>
          Remove the {label}
        </button>
      </div>
    );
  }
  if (info.kind === "bad-parameter" || info.kind === "bad-request") {
    return (
      <div className="note note--error" role="alert">
        <p>{info.text}</p>
        <button
          type="button"
          className="button"
          onClick={() => onChange({ provider: null, billTo: null, endpointUrl: null, directRequest: null })}
        >
          Reset inference options
        </button>
      </div>
    );
  }
  return <ErrorNote what="The inference snippets" error={error} onRetry={onRetry} />;
}

/** The token note and the snippets of the chosen language and client, or why there are none. */
function InferenceSnippets({
  snippets: { inference, inferenceInfo },
  provider,
  state,
  onChange,
}: {
  snippets: { inference: InferenceSnippet[]; inferenceInfo: InferenceInfo };
  provider: string;
  state: PanelState;
  onChange: OnPanelChange;
}) {
  if (inference.length === 0) {
    return <NoSnippet message={inferenceInfo.reason?.message ?? "The engine built no snippet for these options."} />;
  }
  const choice = chooseInference(inference, state);
  const label = LANGUAGE_LABELS[choice.language];
  return (
    <>
      <TokenNote variable={inferenceInfo.token.variable} />
      <Tabs
        label="Language"
        items={LANGUAGE_TABS}
        selected={choice.language}
        onSelect={(language) => onChange({ language, client: null }, { replace: true })}
      >
        {choice.client === null ? (
          <NoSnippet
            message={
              inferenceInfo.reason?.message ??
              `No ${label} client supports this task with the provider “${provider}”. Try another language.`
            }
          />
        ) : (
          <Tabs
            label={`${label} client`}
            items={choice.clients.map((client) => ({ id: client, label: client }))}
            selected={choice.client}
            onSelect={(client) => onChange({ client }, { replace: true })}
          >
            {choice.snippets.map((snippet, index) => (
              <CodeBlock
                key={snippet.content}
                code={snippet.content}
                language={snippet.language}
                title={`${label} ${snippet.client} snippet${choice.snippets.length > 1 ? ` ${index + 1}` : ""}`}
              />
            ))}
          </Tabs>
        )}
        <OmittedClients omitted={(inferenceInfo.omitted ?? []).filter((item) => item.language === choice.language)} />
      </Tabs>
    </>
  );
}
