/** Generated JSON is indented with 4 spaces (spec §9). */
export const JSON_INDENT = 4;

/** `value` as JSON text with the house indentation. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, null, JSON_INDENT) ?? "null";
}
