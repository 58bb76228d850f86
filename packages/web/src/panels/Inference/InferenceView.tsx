import type { InferenceInfo, InferenceSnippet, ModelDetail } from "../../api";
import { Tabs } from "../../components/Tabs/Tabs";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { LANGUAGE_LABELS, SNIPPET_LANGUAGES } from "../CodeBlock/languages";
import { DEFAULT_PROVIDER, flag, type OnPanelChange, type PanelState } from "../panel-state";
import { InferenceOptions } from "./InferenceOptions";
import { chooseInference } from "./inference-choice";
import { isChatModel } from "./is-chat-model";
import { NoSnippet } from "./NoSnippet";
import { ProviderPicker } from "./ProviderPicker";
import { providerChoices } from "./provider-choices";
import { TokenNote } from "./TokenNote";
import "./Inference.css";

/** Props of `InferenceView`. */
export interface InferenceViewProps {
  /** The model whose providers are offered. */
  model: ModelDetail;
  /** The inference snippets and facts for the current options, when loaded. */
  snippets: { inference: InferenceSnippet[]; inferenceInfo: InferenceInfo } | undefined;
  /** Why the snippets for the current options could not be built, when they could not. */
  error: string | null;
  /** The current panel state. */
  state: PanelState;
  /** Applies a change to the panel state. */
  onChange: OnPanelChange;
}

const LANGUAGE_TABS = SNIPPET_LANGUAGES.map((language) => ({ id: language, label: LANGUAGE_LABELS[language] }));

/** The inference view: provider, options, token note, then language and client tabs with the snippets. */
export function InferenceView({ model, snippets, error, state, onChange }: InferenceViewProps) {
  const provider = state.provider ?? DEFAULT_PROVIDER;
  return (
    <section className="inference" aria-labelledby="inference-heading">
      <h3 id="inference-heading">Inference</h3>
      <p className="muted">Call the model on hosted inference, through the hub's router or a provider.</p>
      <div className="inference__controls">
        <ProviderPicker
          choices={providerChoices(model.inferenceProviderMapping, state.provider)}
          selected={provider}
          onPick={(picked) => onChange({ provider: picked })}
        />
        {isChatModel(model) && (
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
      <InferenceOptions state={state} onChange={onChange} />
      {error !== null ? (
        <div className="note note--error" role="alert">
          <p>
            <strong>These options give no snippet.</strong> {error}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => onChange({ provider: null, billTo: null, endpointUrl: null, directRequest: null })}
          >
            Reset inference options
          </button>
        </div>
      ) : snippets === undefined ? (
        <p role="status">Loading snippets…</p>
      ) : (
        <InferenceSnippets snippets={snippets} provider={provider} state={state} onChange={onChange} />
      )}
    </section>
  );
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
      </Tabs>
    </>
  );
}
