import { describe, expect, it } from "vitest";
import {
  baseQuantLabel,
  GGML_TENSOR_TYPES,
  GGUF_FILE_TYPES,
  ggufFileTypeLabel,
  parseQuantLabel,
} from "./quantization.js";

describe("GGUF enumerations", () => {
  it("number file types as llama.cpp does, with the XL variants from 1000", () => {
    expect(GGUF_FILE_TYPES.F32).toBe(0);
    expect(GGUF_FILE_TYPES.Q4_K_M).toBe(15);
    expect(GGUF_FILE_TYPES.BF16).toBe(32);
    expect(GGUF_FILE_TYPES.TQ1_0).toBe(36);
    expect(GGUF_FILE_TYPES.TQ2_0).toBe(37);
    expect(GGUF_FILE_TYPES.MXFP4_MOE).toBe(38);
    expect(GGUF_FILE_TYPES.Q2_K_XL).toBe(1000);
    expect(ggufFileTypeLabel(1002)).toBe("Q4_K_XL");
    expect(ggufFileTypeLabel(4)).toBeUndefined();
  });

  it("number tensor types as the GGUF format does", () => {
    expect(GGML_TENSOR_TYPES.Q8_0).toBe(8);
    expect(GGML_TENSOR_TYPES.I8).toBe(24);
    expect(GGML_TENSOR_TYPES.I64).toBe(27);
    expect(GGML_TENSOR_TYPES.F64).toBe(28);
    expect(GGML_TENSOR_TYPES.BF16).toBe(30);
    expect(GGML_TENSOR_TYPES.MXFP4).toBe(39);
  });

  it("give every number once", () => {
    for (const table of [GGUF_FILE_TYPES, GGML_TENSOR_TYPES]) {
      const values = Object.values(table);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe("parseQuantLabel", () => {
  it.each([
    ["model-Q4_K_M.gguf", "Q4_K_M"],
    ["Llama-3.2-1B-Instruct-q8_0.gguf", "Q8_0"],
    ["phi-2.Q4_0_4_4.gguf", "Q4_0_4_4"],
    ["gemma-3-27b-it-UD-Q4_K_XL.gguf", "UD-Q4_K_XL"],
    ["DeepSeek-R1-UD-IQ1_S-00001-of-00003.gguf", "UD-IQ1_S"],
    ["Qwen3-8B-Q6_K_XL.gguf", "Q6_K_XL"],
    ["gpt-oss-20b-MXFP4.gguf", "MXFP4"],
    ["Q4_K_M/Kimi-K2-00001-of-00003.gguf", "Q4_K_M"],
    ["UD-Q2_K_XL/DeepSeek-V3-00002-of-00005.gguf", "UD-Q2_K_XL"],
    ["BF16/model-Q8_0.gguf", "Q8_0"],
    ["tinyllama_q4_0.gguf", "Q4_0"],
    ["qwen2.5-7b-instruct-bf16-00001-of-00002.gguf", "BF16"],
    ["Mistral-7B-IQ3_XXS.gguf", "IQ3_XXS"],
    ["gpt-oss-20b-MXFP4_MOE.gguf", "MXFP4_MOE"],
    ["BitNet-TQ1_0.gguf", "TQ1_0"],
  ])("%s → %s", (file, label) => {
    expect(parseQuantLabel(file)).toBe(label);
  });

  it.each([
    "model.gguf",
    "XQ4_K_M.gguf",
    "FRAQ4_0.gguf",
    "model-FRAQ4_0.gguf",
    "model-Q4_K_MX.gguf",
    "model-Q6_K_L.gguf",
    "UDQ4_K_M.gguf",
    "half16.gguf",
    "config.json",
    "Q4_0x/model.gguf",
  ])("finds no label inside a longer word: %s", (file) => {
    expect(parseQuantLabel(file)).toBeUndefined();
  });
});

describe("baseQuantLabel", () => {
  it("drops the UD- prefix only", () => {
    expect(baseQuantLabel("UD-Q4_K_XL")).toBe("Q4_K_XL");
    expect(baseQuantLabel("Q4_K_M")).toBe("Q4_K_M");
  });
});
