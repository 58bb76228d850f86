import { describe, expect, it } from "vitest";
import { CONFIG_KEYS_KEPT, MAX_FULL_CONFIG_CHARS, parseConfigMetadata } from "./config-metadata.js";
import { ModelFileError } from "./model-file-error.js";

function failure(text: string): ModelFileError {
  try {
    parseConfigMetadata(text);
  } catch (error) {
    if (error instanceof ModelFileError) return error;
    throw error;
  }
  throw new Error("expected a ModelFileError");
}

describe("parseConfigMetadata", () => {
  it("keeps the config and derives transformersInfo from architectures", () => {
    const text = JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama", hidden_size: 4096 });
    expect(parseConfigMetadata(text)).toEqual({
      config: { architectures: ["LlamaForCausalLM"], model_type: "llama", hidden_size: 4096 },
      transformersInfo: {
        auto_model: "AutoModelForCausalLM",
        processor: "AutoTokenizer",
        pipeline_tag: "text-generation",
      },
    });
  });

  it("gives no transformersInfo for a config without a known architecture", () => {
    expect(parseConfigMetadata('{"sklearn": {"model": {"file": "skops.pkl"}}}')).toEqual({
      config: { sklearn: { model: { file: "skops.pkl" } } },
    });
  });

  it("reduces a large config to the keys the hub reads", () => {
    const labels = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [String(i), `label number ${i}`]));
    const text = JSON.stringify({ architectures: ["ViTForImageClassification"], model_type: "vit", id2label: labels });
    expect(text.length).toBeGreaterThan(MAX_FULL_CONFIG_CHARS);
    const { config } = parseConfigMetadata(text);
    expect(config).toEqual({ architectures: ["ViTForImageClassification"], model_type: "vit" });
    expect(CONFIG_KEYS_KEPT).toContain("architectures");
  });

  it("accepts a byte-order mark", () => {
    expect(parseConfigMetadata('\uFEFF{"model_type": "bert"}').config).toEqual({ model_type: "bert" });
  });

  it("names config.json when the JSON does not parse", () => {
    const error = failure('{"architectures": ["LlamaForCausalLM"],}');
    expect(error.file).toBe("config.json");
    expect(error.field).toBeNull();
    expect(error.message).toMatch(/^config\.json: is not valid JSON: /);
  });

  it.each([["[]"], ["null"], ['"text"'], ["42"]])("refuses %s, which is not an object", (text) => {
    expect(failure(text).message).toBe("config.json: must hold a JSON object");
  });

  it.each([
    ['{"architectures": "LlamaForCausalLM"}', "architectures"],
    ['{"architectures": ["LlamaForCausalLM", 3]}', "architectures.1"],
    ['{"model_type": 7}', "model_type"],
    ['{"peft": {"task_type": false}}', "peft.task_type"],
    ['{"keras_hub": {"tasks": [""]}}', "keras_hub.tasks.0"],
  ])("names the bad field of %s", (text, field) => {
    const error = failure(text);
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`config.json: field "${field}": `)).toBe(true);
  });
});
