import { describe, expect, it } from "vitest";
import { isPageRoute, pageTarget } from "./page-route.js";

describe("isPageRoute", () => {
  it.each([
    ["/", undefined, true],
    ["/models", undefined, true],
    ["/meta-llama/Llama-3.1-8B-Instruct", undefined, true],
    ["/Qwen/Qwen2.5-7B", undefined, true],
    ["/any/deep/path", "text/html,*/*", true],
    ["/assets/index-abc.js", undefined, false],
    ["/org/weights.json", undefined, false],
    ["/favicon.ico", undefined, false],
    ["/api/models", "text/html", false],
    ["/api", undefined, false],
  ])("%s (accept %s) -> %s", (path, accept, expected) => {
    expect(isPageRoute(path, accept)).toBe(expected);
  });
});

describe("pageTarget", () => {
  it.each([
    ["/", { kind: "page" }],
    ["/models", { kind: "page" }],
    ["/models/", { kind: "page" }],
    ["/Qwen/Qwen3-8B", { kind: "model", id: "Qwen/Qwen3-8B" }],
    ["/org/a%3Fb", { kind: "model", id: "org/a?b" }],
    ["/org/bad%E0%A4%A", { kind: "none" }],
    ["/no/such/page", { kind: "none" }],
    ["/nothing", { kind: "none" }],
  ])("%s -> %o", (path, expected) => {
    expect(pageTarget(path)).toEqual(expected);
  });
});
