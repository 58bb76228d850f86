// Small pieces several library families share. Each returns one complete snippet or line.
import { pyStr } from "../code/python.js";
import { shQuote } from "../code/sh.js";
import type { ModelRecord } from "../model.js";
import { widgetText } from "../model-readers.js";

/** Where snippets download model files to when a library loads from a local folder (spec §9). */
export const LOCAL_DOWNLOAD_DIR = "checkpoints";

/** A shell snippet installing Python packages; names are our own constants, never model data. */
export function pipInstall(...packages: string[]): string {
  return `pip install -U ${packages.length === 1 ? packages[0] : packages.join(" ")}`;
}

// The default download folder, quoted once for each language.
const LOCAL_DOWNLOAD_DIR_SH = shQuote(LOCAL_DOWNLOAD_DIR);
const LOCAL_DOWNLOAD_DIR_PY = pyStr(LOCAL_DOWNLOAD_DIR);

/** A shell snippet downloading the whole model repository into `dir` with the hub CLI. */
export function hfDownloadSh(modelId: string, dir: string = LOCAL_DOWNLOAD_DIR): string {
  return `hf download ${shQuote(modelId)} --local-dir ${dir === LOCAL_DOWNLOAD_DIR ? LOCAL_DOWNLOAD_DIR_SH : shQuote(dir)}`;
}

/** Python lines downloading the model repository into `dir` and naming the folder `local_dir`. */
export function hfDownloadPy(modelId: string, dir: string = LOCAL_DOWNLOAD_DIR): string {
  return `from huggingface_hub import snapshot_download\n\nlocal_dir = snapshot_download(${pyStr(modelId)}, local_dir=${dir === LOCAL_DOWNLOAD_DIR ? LOCAL_DOWNLOAD_DIR_PY : pyStr(dir)})`;
}

/**
 * The model's widget text as a Python string literal, or `fallbackLiteral` (a literal built once from a constant)
 * when it has none: snippets are built per page view, so default prompts are not escaped again on every call.
 */
export function pyWidgetText(model: ModelRecord, fallbackLiteral: string): string {
  const text = widgetText(model);
  return text === undefined ? fallbackLiteral : pyStr(text);
}
