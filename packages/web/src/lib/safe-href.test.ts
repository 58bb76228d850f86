import { describe, expect, it } from "vitest";
import { safeHref } from "./safe-href";

describe("safeHref", () => {
  it("keeps http and https URLs", () => {
    expect(safeHref("https://github.com/huggingface/transformers")).toBe("https://github.com/huggingface/transformers");
    expect(safeHref("http://example.org/docs")).toBe("http://example.org/docs");
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "/relative/path",
    "//evil.example/x",
    "",
    null,
    undefined,
  ])("refuses %s", (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});
