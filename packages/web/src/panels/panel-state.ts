import type { SnippetLanguage, SnippetOptions } from "../api";
import { asSnippetLanguage } from "./CodeBlock/languages";

/**
 * The provider when the visitor has chosen none: the router's policy (first live provider of the
 * model's mapping, else hf-inference). Always sent, so the picker and the snippets agree whatever
 * the engine's own default is.
 */
export const DEFAULT_PROVIDER = "auto";

/** The query-string parameters that hold the panel's state. */
export const PANEL_PARAMS = [
  "library",
  "provider",
  "language",
  "client",
  "streaming",
  "billTo",
  "endpointUrl",
  "directRequest",
] as const;

/** One of the panel's query-string parameters. */
export type PanelParam = (typeof PANEL_PARAMS)[number];

/** Changes to the panel state: a string sets a parameter, null removes it. */
export type PanelChanges = Partial<Record<PanelParam, string | null>>;

/** How a panel change enters the browser history. */
export interface PanelChangeOptions {
  /** Replace the current entry (typing) instead of pushing one (clicks). */
  replace?: boolean;
}

/** Applies panel changes; the model page writes them to the URL. */
export type OnPanelChange = (changes: PanelChanges, options?: PanelChangeOptions) => void;

/** What the visitor chose in the panel, read from the URL; null means "not chosen, use the default". */
export interface PanelState {
  /** Registry key of the shown library. */
  library: string | null;
  /** Inference provider. */
  provider: string | null;
  /** Inference snippet language. */
  language: SnippetLanguage | null;
  /** Inference client. */
  client: string | null;
  /** Streaming chat completion. */
  streaming: boolean;
  /** Organisation billed for the requests. */
  billTo: string;
  /** Custom inference endpoint. */
  endpointUrl: string;
  /** Call the provider directly instead of through the router. */
  directRequest: boolean;
}

/** The panel state held by a query string. */
export function readPanelState(params: URLSearchParams): PanelState {
  return {
    library: params.get("library") || null,
    provider: params.get("provider") || null,
    language: asSnippetLanguage(params.get("language")),
    client: params.get("client") || null,
    streaming: params.get("streaming") === "true",
    billTo: params.get("billTo") ?? "",
    endpointUrl: params.get("endpointUrl") ?? "",
    directRequest: params.get("directRequest") === "true",
  };
}

/** The query value of a boolean option: present when on, absent when off. */
export function flag(on: boolean): string | null {
  return on ? "true" : null;
}

/** The inference options the snippets endpoint gets for this state. */
export function snippetOptions(state: PanelState): SnippetOptions {
  return {
    provider: state.provider ?? DEFAULT_PROVIDER,
    streaming: state.streaming,
    billTo: state.billTo,
    endpointUrl: state.endpointUrl,
    directRequest: state.directRequest,
  };
}
