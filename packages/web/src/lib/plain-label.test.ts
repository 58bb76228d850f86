import { describe, expect, it } from "vitest";
import { plainLabel } from "./plain-label";

describe("plainLabel", () => {
  it.each([
    ["🤗/transformers", "huggingface/transformers"],
    ["🤗 Diffusers", "huggingface Diffusers"],
    ["mlx-lm", "mlx-lm"],
    ["🚀 fast ✨", "fast"],
  ])("%s -> %s", (input, expected) => {
    expect(plainLabel(input)).toBe(expected);
  });
});
