// Downloads are kept per UTC day; `downloads` covers the last 30 of them, today included.

/** How many days, today included, the `downloads` figure covers. */
export const DOWNLOAD_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `date` as `YYYY-MM-DD`; text order is time order, in both dialects. */
export function downloadDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first day `downloads` counts on `today`: 29 days earlier, so the window holds 30 days. */
export function downloadWindowStart(today: Date): string {
  return downloadDay(new Date(today.getTime() - (DOWNLOAD_WINDOW_DAYS - 1) * DAY_MS));
}
