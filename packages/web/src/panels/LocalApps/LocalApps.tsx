import { notebookUrl } from "../../api/local-apps";
import { Tabs } from "../../components/Tabs/Tabs";
import { useLocalApps } from "../../hooks/useLocalApps";
import { useUrlState } from "../../hooks/useUrlState";
import { errorText } from "../../lib/error-text";
import { LocalAppView } from "./LocalAppView";
import { readLocalAppsState } from "./local-apps-state";
import { QuantPicker } from "./QuantPicker";
import "./LocalApps.css";

/** Props of `LocalApps`. */
export interface LocalAppsProps {
  /** `namespace/name` of the model. */
  modelId: string;
}

/**
 * The "Local apps" section: a quant picker fed by the repository's GGUF files, one tab per app that
 * runs the model with its commands (pointed at this hub), and the notebook download. Its choices
 * (`quant`, `app`, `memory`) live in the query string like the rest of the panel.
 */
export function LocalApps({ modelId }: LocalAppsProps) {
  const [params, updateUrl] = useUrlState();
  const state = readLocalAppsState(params);
  const localApps = useLocalApps(modelId, state.quant);
  const data = localApps.data;
  const selected = data?.apps.find((app) => app.key === state.app) ?? data?.apps[0];
  // The picked quant shows at once; the hub's answer (its nearest quant for a label it lacks) follows.
  const quant = data?.quants.find((q) => q.label === state.quant)?.label ?? data?.quant ?? null;
  return (
    <section className="local-apps" aria-labelledby="local-apps-heading" aria-busy={localApps.loading}>
      <h3 id="local-apps-heading">Local apps</h3>
      {data === undefined ? (
        localApps.error !== undefined ? (
          <div className="note note--error" role="alert">
            <p>The local apps could not be loaded: {errorText(localApps.error)}</p>
            <button type="button" className="button" onClick={localApps.reload}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading local apps…</p>
        )
      ) : (
        <>
          {data.quants.length > 0 && (
            <QuantPicker
              quants={data.quants}
              selected={quant}
              memory={state.memory}
              onSelect={(quant) => updateUrl({ quant }, { replace: true })}
              onMemory={(gb) => updateUrl({ memory: String(gb) }, { replace: true })}
            />
          )}
          {selected === undefined ? (
            <p className="note" role="note">
              No local app runs this model: they take GGUF files, MLX weights, or text-generation models in
              transformers, AWQ or GPTQ form.
            </p>
          ) : (
            <Tabs
              label="Local app"
              items={data.apps.map((app) => ({ id: app.key, label: app.prettyLabel }))}
              selected={selected.key}
              onSelect={(app) => updateUrl({ app }, { replace: true })}
            >
              <LocalAppView app={selected} />
            </Tabs>
          )}
        </>
      )}
      <p className="local-apps__notebook">
        <a className="button" href={notebookUrl(modelId)} download>
          Download notebook (.ipynb)
        </a>
      </p>
    </section>
  );
}
