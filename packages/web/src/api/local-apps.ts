// The local apps of a model (GGUF quants, apps and their commands) and the notebook's download address.
import { getJson, withQuery } from "./http";
import { apiModelPath } from "./model-path";
import { array, count, record, stringOrNull } from "./parse";

/** One GGUF quant of the repository. */
export interface LocalAppQuant {
  /** Quant label, e.g. `Q4_K_M`. */
  label: string;
  /** The file a loader is given. */
  path: string;
  /** Bytes of all its files, or null when unknown. */
  size: number | null;
  /** Split quants: how many files. */
  shards: number | null;
  /** Memory sizes (GB) it runs in. */
  fitsInGb: number[];
}

/** One titled command variant of an app. */
export interface LocalAppSnippet {
  /** Variant title, e.g. `Homebrew (macOS, Linux)`. */
  title: string;
  /** Install commands, or null. */
  setup: string | null;
  /** Commands that fetch and run the model. */
  content: string;
}

/** One app that runs the model. */
export interface LocalAppEntry {
  /** Table key, e.g. `llama.cpp`. */
  key: string;
  /** Display label. */
  prettyLabel: string;
  /** The docs page its commands follow. */
  docsUrl: string;
  /** True when it runs on macOS only. */
  macOSOnly: boolean;
  /** A link that opens the model in the app, or null. */
  deeplink: string | null;
  /** Command variants. */
  snippets: LocalAppSnippet[];
}

/** The local apps of a model. */
export interface LocalApps {
  /** GGUF quants, biggest first. */
  quants: LocalAppQuant[];
  /** The quant the commands use, or null. */
  quant: string | null;
  /** The hub the commands download from. */
  hubUrl: string;
  /** The apps that show. */
  apps: LocalAppEntry[];
}

function toQuant(value: unknown): LocalAppQuant {
  const row = record(value);
  return {
    label: stringOrNull(row.label) ?? "",
    path: stringOrNull(row.path) ?? "",
    size: typeof row.size === "number" ? count(row.size) : null,
    shards: typeof row.shards === "number" ? count(row.shards) : null,
    fitsInGb: array(row.fitsInGb).filter((n): n is number => typeof n === "number"),
  };
}

function toApp(value: unknown): LocalAppEntry {
  const row = record(value);
  return {
    key: stringOrNull(row.key) ?? "",
    prettyLabel: stringOrNull(row.prettyLabel) ?? "",
    docsUrl: stringOrNull(row.docsUrl) ?? "",
    macOSOnly: row.macOSOnly === true,
    deeplink: stringOrNull(row.deeplink),
    snippets: array(row.snippets)
      .map((s) => record(s))
      .map((s) => ({
        title: stringOrNull(s.title) ?? "",
        setup: stringOrNull(s.setup),
        content: stringOrNull(s.content) ?? "",
      }))
      .filter((s) => s.content !== ""),
  };
}

/** `GET /api/models/:ns/:name/local-apps`, for `quant` when chosen. */
export async function getLocalApps(id: string, quant: string | null, signal?: AbortSignal): Promise<LocalApps> {
  const { body } = await getJson(withQuery(`${apiModelPath(id)}/local-apps`, { quant: quant ?? undefined }), signal);
  const data = record(body);
  return {
    quants: array(data.quants)
      .map(toQuant)
      .filter((q) => q.label !== ""),
    quant: stringOrNull(data.quant),
    hubUrl: stringOrNull(data.hubUrl) ?? "",
    apps: array(data.apps)
      .map(toApp)
      .filter((a) => a.key !== ""),
  };
}

/** Where the model's notebook downloads from: an absolute http(s) URL on this hub. */
export function notebookUrl(id: string): string {
  return new URL(`${apiModelPath(id)}/notebook.ipynb`, window.location.href).href;
}
