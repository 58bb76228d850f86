// Light checks at the wire boundary: whatever the server sends, the components only ever get
// strings, numbers and arrays of the shape they render.

/** A plain object view of `value`, or an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `value` when it is a string, else null. */
export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** `value` when it is a finite number, else 0. */
export function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** The strings of `value` when it is an array, else none. */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The items of `value` when it is an array, else none. */
export function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
