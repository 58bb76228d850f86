// What a model's README.md and config.json change in its record. A file is the source of truth for the fields it
// declares; fields it leaves out keep the value the record had. Tags are the exception: the card's tags are added to
// the ones the record has (library, task, `conversational`…, as the field's hub derives them), never replace them.
import type { ModelRecord } from "@modelhub/snippets";
import { parseCardMetadata } from "./card-metadata.js";
import { parseConfigMetadata } from "./config-metadata.js";

// `key:value` tags of which a model has one value: the card's value replaces the record's.
const SINGLE_VALUED = ["license:"];

/** The record's tags with the card's added; a single-valued tag the card declares (`license:…`) replaces the old one. */
export function mergeTags(recordTags: readonly string[], cardTags: readonly string[]): string[] {
  const replaced = SINGLE_VALUED.filter((prefix) => cardTags.some((tag) => tag.startsWith(prefix)));
  const kept = recordTags.filter((tag) => !replaced.some((prefix) => tag.startsWith(prefix)));
  return [...new Set([...kept, ...cardTags])];
}

/** The record with the fields README.md declares (library, task, widget) taken from it and its tags added. */
export function applyCard<T extends ModelRecord>(record: T, text: string): T {
  const card = parseCardMetadata(text);
  return {
    ...record,
    ...(card.library_name ? { library_name: card.library_name } : {}),
    ...(card.pipeline_tag ? { pipeline_tag: card.pipeline_tag } : {}),
    tags: mergeTags(record.tags ?? [], card.tags),
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
