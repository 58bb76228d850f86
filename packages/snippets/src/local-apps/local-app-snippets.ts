// The local apps that show for a model, with their deeplinks and commands for the chosen quant.
import { fitsInMemory, type GgufQuant, ggufQuants, MEMORY_SIZES_GB } from "../gguf/gguf-quants.js";
import type { ModelRecord } from "../model.js";
import { defaultQuant, nearestQuant } from "../quant-order.js";
import { ggufFileTypeLabel, parseQuantLabel, type QuantLabel } from "../quantization.js";
import { hubTarget } from "./hub-target.js";
import type { LocalApp, LocalAppContext, LocalAppSnippet, LocalAppTask } from "./local-app.js";
import { LOCAL_APPS, type LocalAppKey } from "./registry.js";

/** One app that shows for the model. */
export interface LocalAppEntry {
  /** The table key. */
  key: LocalAppKey;
  /** Display label. */
  prettyLabel: string;
  /** The docs page its commands follow. */
  docsUrl: string;
  /** The app's main task. */
  mainTask: LocalAppTask;
  /** True when it runs on macOS only. */
  macOSOnly: boolean;
  /** A URL that opens the model in the app, or null. */
  deeplink: string | null;
  /** Titled command variants (shell). */
  snippets: LocalAppSnippet[];
}

/** A quant as the picker lists it. */
export interface LocalAppQuant extends GgufQuant {
  /** The memory sizes of MEMORY_SIZES_GB (GB) it runs in; empty when its size is unknown. */
  fitsInGb: number[];
}

/** The JSON of `GET /api/models/{id}/local-apps` and `modelhub snippets --local-apps`. */
export interface LocalApps {
  /** The repository's GGUF quants, biggest first. */
  quants: LocalAppQuant[];
  /** The label of the quant the commands use, or null when the model has no GGUF files. */
  quant: string | null;
  /** The hub the commands download from. */
  hubUrl: string;
  /** The apps that show, in table order. */
  apps: LocalAppEntry[];
}

/** Options of `getLocalApps`. */
export interface LocalAppsOptions {
  /** The hub the commands download from (default: the public hub). */
  hubUrl?: string;
  /** The quant wanted; the nearest one the repository has is used (default: Q4_K_M or the nearest). */
  quant?: string;
}

/** A `quant` option that names no quant of the repository and no known label. */
export class LocalAppsQuantError extends Error {}

// The header's file type names the quant of a file whose name carries none (`model.gguf`); a record from outside
// may carry anything there, so only a known label counts.
function headerLabel(model: ModelRecord): (path: string) => QuantLabel | undefined {
  const fileType: unknown = model.gguf?.file_type;
  const text = typeof fileType === "number" ? ggufFileTypeLabel(fileType) : fileType;
  const label = typeof text === "string" && parseQuantLabel(text) === text ? (text as QuantLabel) : undefined;
  return () => label;
}

function chooseQuant(quants: readonly GgufQuant[], wanted: string | undefined): GgufQuant | undefined {
  if (quants.length === 0) return undefined;
  const known = quants.filter((q) => q.known).map((q) => q.label as QuantLabel);
  if (wanted === undefined) {
    const label = defaultQuant(known);
    return quants.find((q) => q.label === label) ?? quants[0];
  }
  const exact = quants.find((q) => q.label.toUpperCase() === wanted.toUpperCase());
  if (exact) return exact;
  const asLabel = parseQuantLabel(wanted);
  if (asLabel === undefined || asLabel.length !== wanted.length) {
    throw new LocalAppsQuantError(`"${wanted}" is not a quant of this model`);
  }
  const nearest = nearestQuant(asLabel, known);
  return quants.find((q) => q.label === nearest) ?? quants[0];
}

/** The local apps for `model`; throws LocalAppsQuantError for a `quant` that is neither present nor a known label. */
export function getLocalApps(model: ModelRecord, options: LocalAppsOptions = {}): LocalApps {
  const hub = hubTarget(options.hubUrl);
  const quants = ggufQuants(model.siblings ?? [], headerLabel(model));
  const context: LocalAppContext = { model, hub, quants, quant: chooseQuant(quants, options.quant) };
  const apps: LocalAppEntry[] = [];
  for (const [key, row] of Object.entries(LOCAL_APPS) as Array<[LocalAppKey, LocalApp]>) {
    if (!row.displayOnModel(context)) continue;
    apps.push({
      key,
      prettyLabel: row.prettyLabel,
      docsUrl: row.docsUrl,
      mainTask: row.mainTask,
      macOSOnly: row.macOSOnly,
      deeplink: row.deeplink?.(context) ?? null,
      snippets: row.snippets?.(context) ?? [],
    });
  }
  const listed = quants.map((quant) => ({
    ...quant,
    fitsInGb: quant.size === undefined ? [] : MEMORY_SIZES_GB.filter((gb) => fitsInMemory(quant.size as number, gb)),
  }));
  return { quants: listed, quant: context.quant?.label ?? null, hubUrl: hub.url, apps };
}
