import { getJson, withQuery } from "./http";
import { apiModelPath } from "./model-path";
import { array, record, stringOrNull, strings } from "./parse";
import type {
  HubSetup,
  InferenceSnippet,
  LibrarySnippets,
  ModelSnippets,
  SnippetLanguage,
  SnippetOptions,
} from "./types";

const LANGUAGES: readonly SnippetLanguage[] = ["python", "js", "sh"];

/** `value` when it names a snippet language, else python (the engine's default reading). */
function language(value: unknown): SnippetLanguage {
  return LANGUAGES.find((known) => known === value) ?? "python";
}

/** A library section from the wire. */
function toLibrary(value: unknown): LibrarySnippets {
  const row = record(value);
  const snippets = strings(row.snippets);
  const languages = array(row.languages);
  return {
    key: stringOrNull(row.key) ?? "",
    prettyLabel: stringOrNull(row.prettyLabel) ?? "",
    repoName: stringOrNull(row.repoName) ?? "",
    repoUrl: stringOrNull(row.repoUrl) ?? "",
    docsUrl: stringOrNull(row.docsUrl),
    filter: row.filter === true,
    countDownloads: stringOrNull(row.countDownloads),
    snippets,
    languages: snippets.map((_, index) => language(languages[index])),
  };
}

/** An inference snippet from the wire. */
function toInference(value: unknown): InferenceSnippet {
  const row = record(value);
  return {
    language: language(row.language),
    client: stringOrNull(row.client) ?? "",
    provider: stringOrNull(row.provider) ?? "",
    content: stringOrNull(row.content) ?? "",
  };
}

/** The hub setup lines from the wire, or null when the engine gave none (the model is on the public hub). */
function toHubSetup(value: unknown): HubSetup | null {
  const row = record(value);
  const [endpoint, python, cloneUrl, git] = [row.endpoint, row.python, row.cloneUrl, row.git].map(stringOrNull);
  if (!endpoint || !python || !cloneUrl || !git) return null;
  return { endpoint, python, cloneUrl, git };
}

/** The query parameters of the snippets endpoint for `options`; false and empty options are left out. */
export function snippetQuery(options: SnippetOptions): Record<string, string | undefined> {
  return {
    provider: options.provider,
    streaming: options.streaming ? "true" : undefined,
    billTo: options.billTo,
    endpointUrl: options.endpointUrl,
    directRequest: options.directRequest ? "true" : undefined,
  };
}

/** `GET /api/models/:ns/:name/snippets` with the inference options; throws `ApiError` on a bad option. */
export async function getSnippets(id: string, options: SnippetOptions, signal?: AbortSignal): Promise<ModelSnippets> {
  const { body } = await getJson(withQuery(`${apiModelPath(id)}/snippets`, snippetQuery(options)), signal);
  const data = record(body);
  const info = record(data.inferenceInfo);
  const reason = record(info.reason);
  const token = record(info.token);
  return {
    libraries: array(data.libraries)
      .map(toLibrary)
      .filter((library) => library.key !== ""),
    inference: array(data.inference)
      .map(toInference)
      .filter((snippet) => snippet.content !== ""),
    inferenceInfo: {
      reason:
        typeof reason.message === "string" ? { code: stringOrNull(reason.code) ?? "", message: reason.message } : null,
      chat: info.chat === true,
      token: {
        variable: stringOrNull(token.variable) ?? "HF_TOKEN",
        accessTokenReplaced: token.accessTokenReplaced === true,
      },
    },
    hub: toHubSetup(data.hub),
  };
}
