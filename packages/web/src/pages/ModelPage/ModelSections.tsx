import { Tabs } from "../../components/Tabs/Tabs";
import { useModelCard } from "../../hooks/useModelCard";
import { useModelFiles } from "../../hooks/useModelFiles";
import { errorText } from "../../lib/error-text";
import { ModelCard } from "./card/ModelCard";
import { FilesTable } from "./files/FilesTable";
import { MODEL_TABS, type ModelTab } from "./model-tab";

/** Props of `ModelSections`. */
export interface ModelSectionsProps {
  /** `namespace/name` of the model. */
  id: string;
  /** The selected tab, from the URL. */
  tab: ModelTab;
  /** Selects a tab (the page writes it to the URL). */
  onSelect: (tab: string) => void;
}

/** The model card and Files tabs. Both load at once, so switching tabs never waits. */
export function ModelSections({ id, tab, onSelect }: ModelSectionsProps) {
  const card = useModelCard(id);
  const files = useModelFiles(id);
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
