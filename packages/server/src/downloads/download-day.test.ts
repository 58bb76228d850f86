import { describe, expect, it } from "vitest";
import { DOWNLOAD_WINDOW_DAYS, dayTeller, downloadDay, downloadWindowStart } from "./download-day.js";

describe("download days", () => {
  it("names the UTC day", () => {
    expect(downloadDay(new Date("2025-03-01T23:59:59.999Z"))).toBe("2025-03-01");
    expect(downloadDay(new Date("2025-03-02T00:00:00+02:00"))).toBe("2025-03-01");
  });

  it("starts the window 29 days before today, so it holds 30 days", () => {
    expect(DOWNLOAD_WINDOW_DAYS).toBe(30);
    expect(downloadWindowStart(new Date("2025-03-31T12:00:00Z"))).toBe("2025-03-02");
    expect(downloadWindowStart(new Date("2024-03-01T00:00:00Z"))).toBe("2024-02-01");
  });

  it("tells the same day as downloadDay across midnight, backwards and after an invalid date", () => {
    const dayOf = dayTeller();
    const times = [
      "2025-03-01T23:59:59.999Z",
      "2025-03-01T00:00:00.000Z",
      "2025-03-02T00:00:00.000Z",
      "2025-03-01T12:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "1970-01-01T00:00:00.000Z",
    ];
    for (const time of times) expect(dayOf(new Date(time)), time).toBe(downloadDay(new Date(time)));
    expect(() => dayOf(new Date("not a date"))).toThrow(RangeError);
    expect(dayOf(new Date("2025-03-02T10:00:00Z"))).toBe("2025-03-02");
  });
});
