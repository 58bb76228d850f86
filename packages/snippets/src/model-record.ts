// Reads a model record that comes from outside (a file, stdin, a request) into a ModelRecord, or says which field is wrong.
import type { ModelRecord } from "./model.js";

/** A record that is not a valid ModelRecord; `field` is the path of the first bad field, e.g. `tags[2]`. */
export class ModelRecordError extends Error {
  /** Path of the bad field. */
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`Invalid model record: "${field}" ${problem}`);
    this.name = "ModelRecordError";
    this.field = field;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(record: Json, field: string): void {
  const value = record[field];
  if (value !== undefined && value !== null && typeof value !== "string") {
    throw new ModelRecordError(field, "must be a string");
  }
}

function optionalCount(record: Json, field: string): void {
  const value = record[field];
  if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) {
    throw new ModelRecordError(field, "must be a non-negative number");
  }
}

function stringList(value: unknown, field: string): void {
  if (!Array.isArray(value)) throw new ModelRecordError(field, "must be an array of strings");
  value.forEach((item, i) => {
    if (typeof item !== "string") throw new ModelRecordError(`${field}[${i}]`, "must be a string");
  });
}

function checkMapping(value: unknown): void {
  if (!isObject(value)) throw new ModelRecordError("inferenceProviderMapping", "must be an object");
  for (const [provider, entry] of Object.entries(value)) {
    const at = `inferenceProviderMapping.${provider}`;
    if (!isObject(entry)) throw new ModelRecordError(at, "must be an object");
    for (const key of ["providerId", "task"] as const) {
      if (typeof entry[key] !== "string" || entry[key] === "") {
        throw new ModelRecordError(`${at}.${key}`, "must be a non-empty string");
      }
    }
    if (entry.status !== "live" && entry.status !== "staging") {
      throw new ModelRecordError(`${at}.status`, 'must be "live" or "staging"');
    }
  }
}

/** Validates `value` as a ModelRecord (tags default to []); throws ModelRecordError naming the first bad field. */
export function parseModelRecord(value: unknown): ModelRecord {
  if (!isObject(value)) throw new ModelRecordError("(record)", "must be a JSON object");
  if (typeof value.id !== "string" || value.id.trim() === "")
    throw new ModelRecordError("id", "must be a non-empty string");
  for (const field of ["author", "library_name", "pipeline_tag", "lastModified", "createdAt"])
    optionalString(value, field);
  for (const field of ["downloads", "likes"]) optionalCount(value, field);
  if (value.tags !== undefined) stringList(value.tags, "tags");
  if (value.config !== undefined && value.config !== null && !isObject(value.config)) {
    throw new ModelRecordError("config", "must be an object");
  }
  if (value.transformersInfo !== undefined && value.transformersInfo !== null) {
    const info = value.transformersInfo;
    if (!isObject(info)) throw new ModelRecordError("transformersInfo", "must be an object");
    if (typeof info.auto_model !== "string")
      throw new ModelRecordError("transformersInfo.auto_model", "must be a string");
    optionalString(info, "processor");
  }
  if (value.widgetData !== undefined && value.widgetData !== null) {
    if (!Array.isArray(value.widgetData)) throw new ModelRecordError("widgetData", "must be an array of objects");
    value.widgetData.forEach((example, i) => {
      if (!isObject(example)) throw new ModelRecordError(`widgetData[${i}]`, "must be an object");
      if (example.sentences !== undefined) stringList(example.sentences, `widgetData[${i}].sentences`);
    });
  }
  if (value.inferenceProviderMapping !== undefined && value.inferenceProviderMapping !== null) {
    checkMapping(value.inferenceProviderMapping);
  }
  if (value.siblings !== undefined && value.siblings !== null) {
    if (!Array.isArray(value.siblings)) throw new ModelRecordError("siblings", "must be an array");
    value.siblings.forEach((file, i) => {
      if (!isObject(file) || typeof file.rfilename !== "string") {
        throw new ModelRecordError(`siblings[${i}].rfilename`, "must be a string");
      }
    });
  }
  const record = { ...value, tags: (value.tags as string[] | undefined) ?? [] } as Json;
  for (const [key, v] of Object.entries(record)) if (v === null) delete record[key];
  return record as unknown as ModelRecord;
}
