// The web app's one error model: every failed request is one of a few kinds, each told in plain words with what the
// visitor can do. Raw API messages (`parameter "endpointUrl": Option endpointUrl must be…`) never reach the page.
import { ApiError } from "../api";

/** What went wrong, as far as the visitor is concerned. */
export type ErrorKind = "offline" | "server" | "not-found" | "bad-parameter" | "bad-request" | "unknown";

/** A failed request told for the visitor. */
export interface ErrorInfo {
  /** The kind of failure. */
  kind: ErrorKind;
  /** One or two sentences in plain words. */
  text: string;
  /** The query parameter the server refused, for `bad-parameter`. */
  param: string | null;
  /** The server's request id, for `server` errors (what an operator looks up in the logs). */
  requestId: string | null;
}

/** How the page names the parameters a visitor can set through the URL. */
export const PARAM_LABELS: Readonly<Record<string, string>> = {
  provider: "inference provider",
  endpointUrl: "endpoint URL",
  billTo: "“Bill to” organisation",
  directRequest: "direct-request setting",
  streaming: "streaming setting",
  search: "search text",
  library: "library",
  pipeline_tag: "task",
  filter: "tag filter",
  sort: "sort order",
  cursor: "page position",
  limit: "page size",
};

// `parameter "name": message`, as the API words a refused parameter.
const PARAMETER_MESSAGE = /^parameter "([^"]+)"(?::\s*|\s+)(.*)$/s;

/** The sentence for a refused parameter: its label, then the server's reason without its own naming of it. */
export function parameterText(param: string, message: string): string {
  const label = PARAM_LABELS[param] ?? `“${param}” setting`;
  // The engine's messages repeat the name ("Option endpointUrl must be…", "Provider x is…"); keep the reason.
  const reason = message
    .replace(new RegExp(`^(option|parameter)\\s+"?${param}"?\\s+`, "i"), "")
    .replace(/\.$/, "")
    .trim();
  const sentence = /^unknown\b/i.test(reason)
    ? "is not one this hub knows"
    : /^(must|is|are|was|has|cannot|should)\b/.test(reason)
      ? reason
      : `is not valid (${reason})`;
  return `The ${label} in the address ${sentence}.`;
}

/** The visitor's view of `error`. */
export function describeError(error: unknown): ErrorInfo {
  const none = { param: null, requestId: null };
  if (!(error instanceof ApiError)) return { kind: "unknown", text: "Something unexpected went wrong.", ...none };
  if (error.status === 0) {
    return { kind: "offline", text: "The hub cannot be reached. Check the connection, then try again.", ...none };
  }
  if (error.status >= 500) {
    return {
      kind: "server",
      text: `The hub had a problem answering (HTTP ${error.status}). Trying again often helps.`,
      param: null,
      requestId: error.requestId,
    };
  }
  if (error.status === 404) return { kind: "not-found", text: "It does not exist on this hub.", ...none };
  const match = PARAMETER_MESSAGE.exec(error.message);
  if (match) {
    const param = match[1] ?? "";
    return { kind: "bad-parameter", text: parameterText(param, match[2] ?? ""), param, requestId: null };
  }
  return { kind: "bad-request", text: "The hub refused the request.", ...none };
}

/** A sentence for the visitor about a failed request. */
export function errorText(error: unknown): string {
  return describeError(error).text;
}
