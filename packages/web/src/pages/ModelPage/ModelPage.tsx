import { isNotFound } from "../../api";
import { ErrorNote } from "../../components/ErrorNote";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useLibrarySnippets } from "../../hooks/useLibrarySnippets";
import { useModel } from "../../hooks/useModel";
import { useModelCard } from "../../hooks/useModelCard";
import { useModelFiles } from "../../hooks/useModelFiles";
import { useProviders } from "../../hooks/useProviders";
import { useSnippets } from "../../hooks/useSnippets";
import { useUrlState } from "../../hooks/useUrlState";
import { type PanelChanges, readPanelState, snippetOptions } from "../../panels/panel-state";
import { UseThisModel } from "../../panels/UseThisModel/UseThisModel";
import { NotFound } from "../NotFound";
import { ModelHeader } from "./ModelHeader";
import { ModelSections } from "./ModelSections";
import { readModelTab, tabChange } from "./model-tab";
import "./ModelPage.css";

/** Props of `ModelPage`. */
export interface ModelPageProps {
  /** `namespace/name` of the model. */
  id: string;
}

/**
 * The model page: header, the model card and Files tabs, and the "Use this model" panel. The tab
 * and the panel's choices live in the query string, so a link reproduces what the visitor saw.
 */
export function ModelPage({ id }: ModelPageProps) {
  const model = useModel(id);
  const [params, updateUrl] = useUrlState();
  const state = readPanelState(params);
  // The record, its snippets, card and files load side by side: each waits for one round trip only.
  const snippets = useSnippets(id, snippetOptions(state));
  const libraries = useLibrarySnippets(id, snippets);
  const providers = useProviders();
  const card = useModelCard(id, model.data?.hasCard);
  const files = useModelFiles(id);
  useDocumentTitle(id);

  if (model.error !== undefined && isNotFound(model.error)) return <NotFound modelId={id} />;
  if (model.data === undefined) {
    return model.error !== undefined ? (
      <ErrorNote what="The model" error={model.error} onRetry={model.reload} />
    ) : (
      <p role="status">Loading {id}…</p>
    );
  }
  return (
    <article className="model-page">
      <ModelHeader model={model.data} />
      <div className="model-page__body">
        <UseThisModel
          model={model.data}
          snippets={snippets.data}
          error={snippets.error}
          libraries={libraries}
          providers={providers.data}
          loading={snippets.loading}
          state={state}
          onChange={(changes: PanelChanges, options) => updateUrl(changes, options)}
          onRetry={snippets.reload}
        />
        <ModelSections
          card={card}
          files={files}
          tab={readModelTab(params)}
          // Tabs change a view, not a place: they replace the history entry, so Back leaves the page.
          onSelect={(tab) => updateUrl(tabChange(tab), { replace: true })}
        />
      </div>
    </article>
  );
}
