import { describe, expect, it } from "vitest";
import { isPageRoute } from "./page-route.js";

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
