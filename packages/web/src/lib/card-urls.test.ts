import { describe, expect, it } from "vitest";
import { cardHref, cardSrc, hubPath } from "./card-urls";

describe("card URLs", () => {
  it.each([
    "https://example.org/a?b=c#d",
    "http://example.org",
    "mailto:team@example.org",
    "/acme/tiny/resolve/main/LICENSE",
    "#usage",
    "docs/usage.md",
    "../x",
  ])("keeps the link %s", (url) => {
    expect(cardHref(url)).toBe(url);
  });

  it.each([
    "javascript:window.__pwned=1",
    "JaVaScRiPt:alert(1)",
    "java\nscript:alert(1)",
    " javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "//evil.example/x",
    "/\\evil.example/x",
    "http://",
    "",
    null,
  ])("refuses the link %s", (url) => {
    expect(cardHref(url)).toBeUndefined();
  });

  it("allows images from http(s) and relative paths only", () => {
    expect(cardSrc("https://example.org/a.png")).toBe("https://example.org/a.png");
    expect(cardSrc("/acme/tiny/resolve/main/plot.png")).toBe("/acme/tiny/resolve/main/plot.png");
    expect(cardSrc("mailto:a@b.c")).toBeUndefined();
    expect(cardSrc("data:image/svg+xml,<svg onload=alert(1)>")).toBeUndefined();
    expect(cardSrc("javascript:alert(1)")).toBeUndefined();
    expect(cardSrc("#x")).toBeUndefined();
  });

  it("takes download links only as paths on this hub", () => {
    expect(hubPath("/acme/tiny/resolve/main/onnx/model%20a.onnx")).toBe("/acme/tiny/resolve/main/onnx/model%20a.onnx");
    expect(hubPath("https://elsewhere.example/x")).toBeUndefined();
    expect(hubPath("//elsewhere.example/x")).toBeUndefined();
    expect(hubPath("javascript:alert(1)")).toBeUndefined();
    expect(hubPath("x.bin")).toBeUndefined();
  });
});
