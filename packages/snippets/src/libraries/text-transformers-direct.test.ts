import { describe, expect, it } from "vitest";
import { isClassName } from "./text-transformers-direct.js";

describe("isClassName", () => {
  it("takes transformers' auto classes and any other plain Python name", () => {
    expect(isClassName("AutoModelForCausalLM")).toBe(true);
    expect(isClassName("MyModelForThings")).toBe(true);
  });

  it("refuses what would not be one Python name", () => {
    for (const name of ["class", "Auto Model", "AutoModel()", "a.b", "", "1Model", 42, undefined]) {
      expect(isClassName(name)).toBe(false);
    }
  });
});
