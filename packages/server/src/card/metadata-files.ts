// The repository files whose content feeds the model record, and what each one sets.
import type { ModelRecord } from "@modelhub/snippets";
import { applyCard, applyConfig } from "./apply-model-files.js";
import { CARD_FILE } from "./card-metadata.js";
import { CONFIG_FILE } from "./config-metadata.js";

/** Largest metadata file read into the record; a bigger README.md or config.json is refused. */
export const MAX_METADATA_FILE_BYTES = 5 * 1024 * 1024;

/** Each metadata file (at the repository root) and how it changes a record, in the order they apply. */
export const METADATA_FILES = {
  [CARD_FILE]: applyCard,
  [CONFIG_FILE]: applyConfig,
} as const satisfies Record<string, <T extends ModelRecord>(record: T, text: string) => T>;

/** The name of a metadata file. */
export type MetadataFile = keyof typeof METADATA_FILES;

/** True when `path` is a file whose content feeds the record. */
export function isMetadataFile(path: string): path is MetadataFile {
  return Object.hasOwn(METADATA_FILES, path);
}

/** `record` with the fields of metadata file `path` (content `text`) applied; throws a ModelFileError when bad. */
export function applyMetadataFile<T extends ModelRecord>(record: T, path: MetadataFile, text: string): T {
  return METADATA_FILES[path](record, text);
}
