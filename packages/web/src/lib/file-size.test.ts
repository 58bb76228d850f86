import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1000, "1 kB"],
    [1234, "1.2 kB"],
    [999_949, "999.9 kB"],
    [999_999, "1 MB"],
    [5_368_709_120, "5.4 GB"],
    [3.2e15, "3,200 TB"],
    [Number.NaN, "0 B"],
  ])("shows %d bytes as %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
