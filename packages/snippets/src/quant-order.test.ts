import { describe, expect, it } from "vitest";
import { defaultQuant, nearestQuant, QUANT_BITS_PER_WEIGHT, quantBitsPerWeight, sortQuants } from "./quant-order.js";
import { GGUF_FILE_TYPES, type QuantLabel } from "./quantization.js";

describe("the quant order", () => {
  it("knows every file type label", () => {
    for (const label of Object.keys(GGUF_FILE_TYPES)) expect(label in QUANT_BITS_PER_WEIGHT).toBe(true);
  });

  it("lists the table biggest first", () => {
    const bits = Object.values(QUANT_BITS_PER_WEIGHT);
    for (let i = 1; i < bits.length; i++) expect(bits[i]).toBeLessThanOrEqual(bits[i - 1] as number);
  });

  // Pairs whose files differ in size on every published model: the bigger one first.
  it.each([
    ["F32", "F16"],
    ["BF16", "Q8_0"],
    ["Q8_K_XL", "Q8_0"],
    ["Q8_0", "Q6_K"],
    ["Q6_K", "Q5_K_M"],
    ["Q5_1", "Q5_K_M"],
    ["Q5_K_M", "Q5_K_S"],
    ["Q5_0", "Q4_1"],
    ["Q4_1", "Q4_K_M"],
    ["Q4_K_XL", "Q4_K_M"],
    ["Q4_K_M", "Q4_K_S"],
    ["Q4_K_S", "IQ4_XS"],
    ["Q4_0", "IQ4_XS"],
    ["IQ4_XS", "Q3_K_L"],
    ["Q3_K_L", "Q3_K_M"],
    ["Q3_K_M", "IQ3_M"],
    ["IQ3_M", "Q3_K_S"],
    ["Q3_K_S", "IQ3_XS"],
    ["IQ3_XS", "IQ3_XXS"],
    ["IQ3_XXS", "Q2_K"],
    ["Q2_K", "IQ2_M"],
    ["IQ2_M", "IQ2_S"],
    ["IQ2_S", "IQ2_XS"],
    ["IQ2_XS", "IQ2_XXS"],
    ["IQ2_XXS", "IQ1_M"],
    ["IQ1_M", "IQ1_S"],
    ["UD-Q4_K_XL", "Q4_K_XL"],
    ["UD-IQ1_S", "IQ1_S"],
  ] as const)("%s before %s", (bigger, smaller) => {
    expect(sortQuants<QuantLabel>([smaller, bigger])).toEqual([bigger, smaller]);
    expect(quantBitsPerWeight(bigger)).toBeGreaterThan(quantBitsPerWeight(smaller));
  });

  it("sorts a real repository's list", () => {
    const repo: QuantLabel[] = ["Q4_K_M", "IQ2_M", "Q8_0", "BF16", "Q5_K_M", "Q3_K_M", "Q6_K", "Q4_0", "IQ4_XS"];
    expect(sortQuants(repo)).toEqual(["BF16", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q4_0", "IQ4_XS", "Q3_K_M", "IQ2_M"]);
  });
});

describe("nearestQuant and defaultQuant", () => {
  it("picks Q4_K_M when present", () => {
    expect(defaultQuant<QuantLabel>(["Q8_0", "Q4_K_M", "Q2_K"])).toBe("Q4_K_M");
  });

  it("else the nearest to Q4_K_M", () => {
    expect(defaultQuant<QuantLabel>(["Q8_0", "Q4_K_S", "Q2_K"])).toBe("Q4_K_S");
    expect(defaultQuant<QuantLabel>(["Q8_0", "UD-Q4_K_XL", "Q2_K"])).toBe("UD-Q4_K_XL");
    expect(defaultQuant<QuantLabel>(["F16", "Q8_0"])).toBe("Q8_0");
    expect(defaultQuant([])).toBeUndefined();
  });

  it("finds the nearest of any wanted label, the smaller one on a tie", () => {
    expect(nearestQuant<QuantLabel>("Q5_K_M", ["Q8_0", "Q5_K_S", "Q4_K_M"])).toBe("Q5_K_S");
    expect(nearestQuant<QuantLabel>("Q4_0_4_8", ["Q4_0_4_4", "Q4_0_8_8"])).toBe("Q4_0_4_4");
    expect(nearestQuant<QuantLabel>("IQ1_S", ["Q2_K", "F16"])).toBe("Q2_K");
  });
});
