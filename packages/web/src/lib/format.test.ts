import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatFullCount } from "./format";

describe("format", () => {
  it("shortens large counts and spells out full ones", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12_345)).toBe("12.3K");
    expect(formatFullCount(12_345)).toBe("12,345");
  });

  it("formats ISO dates in UTC and rejects non-dates", () => {
    expect(formatDate("2025-11-21T23:30:00Z")).toBe("Nov 21, 2025");
    expect(formatDate("yesterday")).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});
