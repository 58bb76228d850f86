// The shape of one local app: when it shows, and a deeplink or titled command snippets.
import type { GgufQuant } from "../gguf/gguf-quants.js";
import type { ModelRecord } from "../model.js";
import type { HubTarget } from "./hub-target.js";

/** One titled way to run the model with an app: shell commands that install, then run. */
export interface LocalAppSnippet {
  /** Variant title, e.g. `Homebrew`, `Docker`, `Install script`. */
  title: string;
  /** Commands that install the app, when any. */
  setup?: string;
  /** Commands that fetch and run the model. */
  content: string;
}

/** What the app's functions read: the model, where it downloads from, and the quant chosen. */
export interface LocalAppContext {
  /** The model record. */
  model: ModelRecord;
  /** The hub the commands download from. */
  hub: HubTarget;
  /** The repository's GGUF quants, biggest first (empty when it has none). */
  quants: readonly GgufQuant[];
  /** The quant the commands use, when the model has GGUF files. */
  quant: GgufQuant | undefined;
}

/** The main thing an app does with a model. */
export type LocalAppTask = "text-generation" | "image-text-to-text";

/** One row of the local apps table. */
export interface LocalApp {
  /** Display label, e.g. `llama.cpp`. */
  prettyLabel: string;
  /** The page the commands follow. */
  docsUrl: string;
  /** The task the app is for. */
  mainTask: LocalAppTask;
  /** True when the app runs on macOS only (MLX). */
  macOSOnly: boolean;
  /** When the app shows for a model. */
  displayOnModel: (context: LocalAppContext) => boolean;
  /** A URL that opens the model in the app, when it has one for this hub; undefined otherwise. */
  deeplink?: (context: LocalAppContext) => string | undefined;
  /** Command snippets. */
  snippets?: (context: LocalAppContext) => LocalAppSnippet[];
}
