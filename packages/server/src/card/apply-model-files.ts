// What a model's README.md and config.json change in its record. A file is the source of truth for the fields it
// declares; fields it leaves out keep the value the record had (e.g. tags given when the model was created).
import type { ModelRecord } from "@modelhub/snippets";
import { parseCardMetadata } from "./card-metadata.js";
import { parseConfigMetadata } from "./config-metadata.js";

/** The record with the fields README.md declares (library, task, tags, widget) taken from it. */
export function applyCard<T extends ModelRecord>(record: T, text: string): T {
  const card = parseCardMetadata(text);
  const declaresTags = ["tags", "license", "base_model", "datasets"].some((key) => key in card.frontMatter);
  return {
    ...record,
    ...(card.library_name ? { library_name: card.library_name } : {}),
    ...(card.pipeline_tag ? { pipeline_tag: card.pipeline_tag } : {}),
    ...(declaresTags ? { tags: card.tags } : {}),
    ...(card.widgetData ? { widgetData: card.widgetData } : {}),
  };
}

/**
 * The record with `config` (and `transformersInfo`, derived from `architectures`) taken from config.json. A record
 * without a task takes the one its architecture implies.
 */
export function applyConfig<T extends ModelRecord>(record: T, text: string): T {
  const { config, transformersInfo } = parseConfigMetadata(text);
  const { transformersInfo: _previous, ...rest } = record;
  const pipelineTag = record.pipeline_tag ?? transformersInfo?.pipeline_tag;
  return {
    ...rest,
    config,
    ...(transformersInfo ? { transformersInfo } : {}),
    ...(pipelineTag ? { pipeline_tag: pipelineTag } : {}),
  } as T;
}
