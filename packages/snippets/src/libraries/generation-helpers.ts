// Small pieces several "generation" snippets share.

/** A Python float literal: Python examples write guidance scales as `5.0`, not `5`. */
export function pyFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}
