import { describe, expect, it } from "vitest";
import { resolveUrl } from "./resolve-url.js";

describe("resolveUrl", () => {
  it("encodes each segment and keeps the slashes", () => {
    expect(resolveUrl("acme/tiny", "onnx/model v2#1?.onnx")).toBe(
      "/acme/tiny/resolve/main/onnx/model%20v2%231%3F.onnx",
    );
    expect(resolveUrl("acme/tiny", "")).toBe("/acme/tiny/resolve/main/");
  });
});
