import { describe, expect, it } from "vitest";
import { DOWNLOAD_WINDOW_DAYS, downloadDay, downloadWindowStart } from "./download-day.js";

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
});
