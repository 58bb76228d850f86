import type { UrlChanges } from "../../hooks/useUrlState";

/** The tabs of the model page's main section, in order; the first is shown when the URL names none. */
export const MODEL_TABS = [
  { id: "card", label: "Model card" },
  { id: "files", label: "Files" },
] as const;

/** One tab of the model page's main section. */
export type ModelTab = (typeof MODEL_TABS)[number]["id"];

/** The query-string parameter holding the tab, e.g. `?tab=files`. */
export const TAB_PARAM = "tab";

const DEFAULT_TAB: ModelTab = MODEL_TABS[0].id;

/** The tab a query string selects; an absent or unknown value selects the model card. */
export function readModelTab(params: URLSearchParams): ModelTab {
  const value = params.get(TAB_PARAM);
  return MODEL_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_TAB;
}

/** The URL change that selects `tab`: the default tab leaves the parameter out, so plain links stay plain. */
export function tabChange(tab: string): UrlChanges {
  const known = MODEL_TABS.find((item) => item.id === tab)?.id ?? DEFAULT_TAB;
  return { [TAB_PARAM]: known === DEFAULT_TAB ? null : known };
}
