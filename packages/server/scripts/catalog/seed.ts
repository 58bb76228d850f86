// A catalog seed: the facts of one model worth writing by hand; build-record.ts derives the rest.
import type { ModelConfig, TransformersInfo, WidgetExample } from "@modelhub/snippets";

/** How popular a model is, from 1 (a niche upload) to 5 (among the most downloaded on the field's hub). */
export type Popularity = 1 | 2 | 3 | 4 | 5;

/** One provider serving the model: its own id, or `[id, "staging"]` while it is not live yet. */
export type ProviderSeed = string | readonly [string, "staging"];

/** The hand-written facts of one catalog model. */
export interface Seed {
  /** `namespace/name`, as on the field's hub. */
  id: string;
  /** `library_name`, when the model has one. */
  library?: string;
  /** `pipeline_tag`. */
  task?: string;
  /** Tags beyond the library, task, license and region the builder adds. */
  tags?: readonly string[];
  /** `config`. */
  config?: ModelConfig;
  /** `transformersInfo`; derived from the task for transformers models when absent. */
  transformersInfo?: TransformersInfo;
  /** `widgetData`; derived from the task when absent. */
  widget?: readonly WidgetExample[];
  /** Inference providers, keyed by provider name. */
  providers?: Readonly<Record<string, ProviderSeed>>;
  /** File names; the library's usual files when absent. */
  files?: readonly string[];
  /** Popularity tier; 2 when absent. */
  pop?: Popularity;
  /** License tag value; apache-2.0 when absent. */
  license?: string;
}

/** A transformers causal LM: architecture and model type in `config`. */
export function lm(id: string, arch: string, modelType: string, rest: Omit<Seed, "id"> = {}): Seed {
  return {
    id,
    library: "transformers",
    task: "text-generation",
    ...rest,
    config: { architectures: [arch], model_type: modelType, ...rest.config },
  };
}

/** A transformers chat model (tagged conversational). */
export function chat(id: string, arch: string, modelType: string, rest: Omit<Seed, "id"> = {}): Seed {
  return lm(id, arch, modelType, { ...rest, tags: ["conversational", ...(rest.tags ?? [])] });
}

/** A transformers model of any task. */
export function tf(id: string, task: string, arch: string, modelType: string, rest: Omit<Seed, "id"> = {}): Seed {
  return {
    id,
    library: "transformers",
    task,
    ...rest,
    config: { architectures: [arch], model_type: modelType, ...rest.config },
  };
}
