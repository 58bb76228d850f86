import { describe, expect, it } from "vitest";
import { snippetLanguage } from "./snippet-language.js";

describe("snippetLanguage", () => {
  it.each([
    ["pip install -U transformers", "sh"],
    ["# Download the weights\nhf download 'acme/x' --local-dir 'checkpoints'", "sh"],
    ["./llama-cli -m model.gguf", "sh"],
    ['import { pipeline } from "@huggingface/transformers";', "js"],
    ["// Load it\nconst x = 1;", "js"],
    ["# Load model directly\nfrom transformers import AutoModel", "python"],
    ["import torch\nprint(torch.__version__)", "python"],
    ["", "python"],
  ])("%j is %s", (code, language) => {
    expect(snippetLanguage(code)).toBe(language);
  });
});
