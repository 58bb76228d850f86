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

/**
 * `downloadDay` for a clock read many times a day (once per counted download): the text is made once per UTC day
 * and reused while the time stays within that day.
 */
export function dayTeller(): (date: Date) => string {
  let start = 0;
  let end = 0;
  let text = "";
  return (date) => {
    const time = date.getTime();
    if (!(time >= start && time < end)) {
      // An invalid date throws here, as `downloadDay` does, and leaves the day kept before.
      text = downloadDay(date);
      start = time - (((time % DAY_MS) + DAY_MS) % DAY_MS);
      end = start + DAY_MS;
    }
    return text;
  };
}
