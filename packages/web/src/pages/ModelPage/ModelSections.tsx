import type { ModelCard as ModelCardData, ModelFile } from "../../api";
import { Tabs } from "../../components/Tabs/Tabs";
import type { Resource } from "../../hooks/useResource";
import { errorText } from "../../lib/error-text";
import { ModelCard } from "./card/ModelCard";
import { FilesTable } from "./files/FilesTable";
import { MODEL_TABS, type ModelTab } from "./model-tab";

/** Props of `ModelSections`. */
export interface ModelSectionsProps {
  /** The model card request. */
  card: Resource<ModelCardData | null>;
  /** The file list request. */
  files: Resource<ModelFile[]>;
  /** The selected tab, from the URL. */
  tab: ModelTab;
  /** Selects a tab (the page writes it to the URL). */
  onSelect: (tab: string) => void;
}

/** The model card and Files tabs; both are loaded before either is shown, so switching tabs never waits. */
export function ModelSections({ card, files, tab, onSelect }: ModelSectionsProps) {
  return (
    <section className="model-sections" aria-label="Model card and files">
      <Tabs label="Model" items={MODEL_TABS} selected={tab} onSelect={onSelect}>
        {tab === "files" ? (
          <FilesTable
            files={files.data}
            error={files.error === undefined ? null : errorText(files.error)}
            onRetry={files.reload}
          />
        ) : (
          <ModelCard
            card={card.data}
            error={card.error === undefined ? null : errorText(card.error)}
            onRetry={card.reload}
          />
        )}
      </Tabs>
    </section>
  );
}
