// Public API of the local apps.
export { PUBLIC_HUB_URL } from "./hub-target.js";
export type { LocalApp, LocalAppSnippet, LocalAppTask } from "./local-app.js";
export {
  getLocalApps,
  type LocalAppEntry,
  type LocalAppQuant,
  type LocalApps,
  type LocalAppsOptions,
  LocalAppsQuantError,
} from "./local-app-snippets.js";
export { LOCAL_APPS, type LocalAppKey } from "./registry.js";
