// The web app's view of the hub's JSON API. The app talks to the server over HTTP only, so these
// types mirror the wire format instead of importing the engine's.

/** A language generated code is written in. */
export type SnippetLanguage = "python" | "js" | "sh";

/** One row of `GET /api/models`. */
export interface ModelSummary {
  /** `namespace/name`. */
  id: string;
  /** The namespace part of the id, when known. */
  author: string | null;
  /** The library the model is made for. */
  library_name: string | null;
  /** The model's task. */
  pipeline_tag: string | null;
  /** Free tags. */
  tags: string[];
  /** Downloads in the last 30 days. */
  downloads: number;
  /** Likes. */
  likes: number;
  /** ISO date of the last change, when known. */
  lastModified: string | null;
}

/** How one inference provider serves a model. */
export interface ProviderMapping {
  /** The provider's own id for the model. */
  providerId: string;
  /** The task the provider serves the model for. */
  task: string;
  /** `live` or `staging`. */
  status: string;
}

/** The fields of `GET /api/models/:ns/:name` that the model page shows. */
export interface ModelDetail extends ModelSummary {
  /** Inference providers serving the model, keyed by provider name. */
  inferenceProviderMapping: Record<string, ProviderMapping>;
  /** Whether the model has a README.md (its model card). */
  hasCard: boolean;
}

/** One page of models and the cursor of the next one. */
export interface ModelPage {
  /** The models of this page. */
  items: ModelSummary[];
  /** Cursor of the next page (from the `Link` header), or null on the last page. */
  nextCursor: string | null;
  /** Cursor of the previous page: "" when it is the first page (no cursor), null on the first page. */
  prevCursor: string | null;
}

/** The total and facet counts beside a filtered list, from `GET /api/model-facets`. */
export interface ModelFacets {
  /** Models matching: exactly `count`, or at least `count` when not `exact`. */
  total: { count: number; exact: boolean };
  /** Models per library, under every filter but the library. */
  libraries: Counted[];
  /** Models per task, under every filter but the task. */
  pipelines: Counted[];
  /** The most used tags among the matching models. */
  tags: Counted[];
}

/** A library that applies to a model, with its registry fields and load snippets. */
export interface LibrarySnippets {
  /** Registry key. */
  key: string;
  /** Display label. */
  prettyLabel: string;
  /** Repository name. */
  repoName: string;
  /** Repository URL. */
  repoUrl: string;
  /** Docs link, or null. */
  docsUrl: string | null;
  /** Whether the library is in the filter list. */
  filter: boolean;
  /** Download-count query, or null. */
  countDownloads: string | null;
  /** Code strings that load the model. */
  snippets: string[];
  /** The language of each snippet, index for index. */
  languages: SnippetLanguage[];
}

/** One inference snippet. */
export interface InferenceSnippet {
  /** The language of the code. */
  language: SnippetLanguage;
  /** The client library the code uses, e.g. `huggingface_hub`, `openai`, `curl`. */
  client: string;
  /** The provider the code calls. */
  provider: string;
  /** The code. */
  content: string;
}

/** Why there is no inference snippet, when there is none. */
export interface NoSnippetReason {
  /** A stable code, e.g. `task-not-supported`. */
  code: string;
  /** A sentence for the visitor. */
  message: string;
}

/** A client the engine left out because it cannot make the call. */
export interface OmittedClient {
  /** Language of the client. */
  language: SnippetLanguage;
  /** The client. */
  client: string;
  /** Why, as a sentence. */
  reason: string;
}

/** Facts about the inference snippets that the panel tells the visitor. */
export interface InferenceInfo {
  /** Why no snippet was built, or null. */
  reason: NoSnippetReason | null;
  /** Whether the model's call is a chat completion, so streaming applies (the engine's rule, not re-derived). */
  chat: boolean;
  /** Where the snippets read the access token from. */
  token: {
    /** The environment variable holding the token, e.g. `HF_TOKEN`. */
    variable: string;
    /** Whether a given access token was replaced by the placeholder. */
    accessTokenReplaced: boolean;
  };
  /** Clients left out because they cannot make this call (absent from older servers). */
  omitted?: OmittedClient[];
}

/** `GET /api/models/:ns/:name/snippets`: exactly the engine's `getModelSnippets` result. */
export interface ModelSnippets {
  /** Applicable libraries, `library_name` first. */
  libraries: LibrarySnippets[];
  /** Inference snippets for the chosen options. */
  inference: InferenceSnippet[];
  /** Why there are none, and the token variable. */
  inferenceInfo: InferenceInfo;
  /** How to reach the hub hosting the model when it is not the public one; null otherwise. */
  hub: HubSetup | null;
}

/** The lines that point the field's tools at this hub (the engine's `hub`, already escaped for the shell). */
export interface HubSetup {
  /** The hub's URL. */
  endpoint: string;
  /** `export HF_ENDPOINT='…'`, run before Python code. */
  python: string;
  /** The model's clone URL. */
  cloneUrl: string;
  /** `git clone '…'`. */
  git: string;
}

/** A library offered in the list page's filter, with its number of models. */
export interface FilterLibrary {
  /** Registry key, the value of `?library=`. */
  key: string;
  /** Display label. */
  prettyLabel: string;
  /** Number of models with this library. */
  count: number;
}

/** A value with the number of models that have it (tasks, tags). */
export interface Counted {
  /** The value, e.g. `text-generation`. */
  id: string;
  /** Number of models. */
  count: number;
}

/** The inference options the panel forwards to the snippets endpoint. */
export interface SnippetOptions {
  /** Provider name; unset lets the engine choose its default. */
  provider?: string;
  /** Streaming chat completion. */
  streaming?: boolean;
  /** Organisation billed for the requests. */
  billTo?: string;
  /** A custom inference endpoint. */
  endpointUrl?: string;
  /** Call the provider directly instead of through the router. */
  directRequest?: boolean;
}

/** One file of a model, from `GET /api/models/:ns/:name/files`. */
export interface ModelFile {
  /** Path inside the model repository, e.g. `onnx/model.onnx`. */
  path: string;
  /** Size in bytes. */
  size: number;
  /** Hex sha256 of the content. */
  sha256: string;
  /** ISO date of the last upload, when known. */
  updatedAt: string | null;
  /** Same-origin download path, each segment already percent-encoded. */
  url: string;
}

/** The front matter fields of a model card that the page shows as text. */
export interface CardFacts {
  /** License id, e.g. `apache-2.0`. */
  license: string | null;
  /** Datasets the model was trained on. */
  datasets: string[];
  /** Models this one was derived from. */
  baseModels: string[];
}

/** A model's `README.md`, from `GET /api/models/:ns/:name/card`. */
export interface ModelCard {
  /** The body rendered and sanitized by the server; still only ever converted through an allow-list. */
  html: string;
  /** Front matter fields shown beside the card. */
  facts: CardFacts;
}

/** An inference provider's id and display name, from `GET /api/providers`. */
export interface ProviderLabel {
  /** The id used in URLs and mappings, e.g. `fal-ai`. */
  id: string;
  /** The name people know it by, e.g. `fal`. */
  label: string;
}
