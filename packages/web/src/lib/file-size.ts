// Decimal units, as the `kB` spelling says: 1 kB is 1,000 bytes.
const UNITS = ["B", "kB", "MB", "GB", "TB"] as const;
const STEP = 1000;
const NUMBER = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });

/** A file size for people, e.g. `1.2 MB`; bytes are shown whole. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < STEP) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  let unit = 0;
  let value = bytes;
  // Round before choosing the unit, so 999,999 bytes read "1 MB", not "1,000 kB".
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return `${NUMBER.format(value)} ${UNITS[unit]}`;
}
