// The UI is written in English; a fixed locale keeps numbers and dates the same for every visitor.
const COMPACT = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const FULL = new Intl.NumberFormat("en");
const DATE = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** A short count for lists, e.g. `12.3K`. */
export function formatCount(value: number): string {
  return COMPACT.format(value);
}

/** A count with every digit, e.g. `12,345`. */
export function formatFullCount(value: number): string {
  return FULL.format(value);
}

/** A calendar date from an ISO string, e.g. `Nov 21, 2025`; null when it is not a date. */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : DATE.format(time);
}
