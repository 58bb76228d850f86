import { describe, expect, it } from "vitest";
import { contentRange, parseRange, rangeStillValid, unsatisfiedContentRange } from "./range.js";

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", 1000, 0, 99],
    ["bytes=0-0", 1000, 0, 0],
    ["bytes=500-", 1000, 500, 999],
    ["bytes=999-", 1000, 999, 999],
    ["bytes=900-5000", 1000, 900, 999],
    ["bytes=-100", 1000, 900, 999],
    ["bytes=-1", 1000, 999, 999],
    ["bytes=-5000", 1000, 0, 999],
    ["BYTES = 10-19", 1000, 10, 19],
    ["bytes= 3-4 ", 10, 3, 4],
    ["bytes=0-99999999999999999999", 10, 0, 9],
  ])("%j of %i bytes is bytes %i-%i", (header, size, start, end) => {
    expect(parseRange(header, size)).toEqual({ kind: "partial", start, end });
  });

  it.each([
    ["bytes=1000-", 1000],
    ["bytes=1000-2000", 1000],
    ["bytes=-0", 1000],
    ["bytes=0-", 0],
    ["bytes=0-0", 0],
    ["bytes=99999999999999999999-", 10],
  ])("%j of %i bytes is unsatisfiable", (header, size) => {
    expect(parseRange(header, size)).toEqual({ kind: "unsatisfiable" });
  });

  it.each([
    [undefined, 1000],
    ["", 1000],
    ["bytes=", 1000],
    ["bytes=-", 1000],
    ["bytes=5-2", 1000],
    ["bytes=a-b", 1000],
    ["bytes=1.5-2", 1000],
    ["bytes=+1-2", 1000],
    ["bytes=0-1,5-6", 1000],
    ["items=0-1", 1000],
    ["bytes 0-1", 1000],
    ["bytes=-5", 0],
  ])("%j of %i bytes means the whole body", (header, size) => {
    expect(parseRange(header, size)).toEqual({ kind: "whole" });
  });
});

describe("range headers", () => {
  it("writes Content-Range for 206 and 416", () => {
    expect(contentRange({ start: 0, end: 99 }, 1000)).toBe("bytes 0-99/1000");
    expect(unsatisfiedContentRange(1000)).toBe("bytes */1000");
  });

  it("honours Range only while If-Range names the current ETag", () => {
    expect(rangeStillValid(undefined, '"abc"')).toBe(true);
    expect(rangeStillValid('"abc"', '"abc"')).toBe(true);
    expect(rangeStillValid('"old"', '"abc"')).toBe(false);
    expect(rangeStillValid("Wed, 21 Oct 2015 07:28:00 GMT", '"abc"')).toBe(false);
  });
});
