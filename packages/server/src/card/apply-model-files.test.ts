import type { ModelRecord } from "@modelhub/snippets";
import { describe, expect, it } from "vitest";
import { applyCard, applyConfig } from "./apply-model-files.js";
import { ModelFileError } from "./model-file-error.js";

const base: ModelRecord = {
  id: "acme/tiny",
  tags: ["from-create"],
  library_name: "timm",
  transformersInfo: { auto_model: "AutoModel" },
};

describe("applyCard", () => {
  it("takes the fields the card declares and keeps the others", () => {
    const record = applyCard(base, "---\npipeline_tag: image-classification\nlicense: mit\n---\n# Tiny\n");
    expect(record).toEqual({
      id: "acme/tiny",
      tags: ["from-create", "license:mit"],
      library_name: "timm",
      pipeline_tag: "image-classification",
      transformersInfo: { auto_model: "AutoModel" },
    });
  });

  it("adds the card's tags to the model's, so a chat model keeps `conversational` and its chat snippets", () => {
    const qwen: ModelRecord = {
      id: "Qwen/Qwen3-8B",
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["transformers", "safetensors", "qwen3", "text-generation", "conversational", "license:apache-2.0"],
    };
    const record = applyCard(qwen, "---\nlicense: mit\ntags: [qwen, chat]\nbase_model: Qwen/Qwen3-8B-Base\n---\n");
    expect(record.tags).toEqual([
      "transformers",
      "safetensors",
      "qwen3",
      "text-generation",
      "conversational",
      "qwen",
      "chat",
      "license:mit",
      "base_model:Qwen/Qwen3-8B-Base",
    ]);
  });

  it("leaves the record as it was for a card without front matter", () => {
    expect(applyCard(base, "# Tiny\n")).toEqual(base);
  });

  it("sets the widget examples", () => {
    const record = applyCard(base, "---\nwidget:\n  - src: https://example.com/cat.jpg\n---\n");
    expect(record.widgetData).toEqual([{ src: "https://example.com/cat.jpg" }]);
  });

  it("throws, changing nothing, on a bad card", () => {
    expect(() => applyCard(base, "---\ntags: [[nested]]\n---\n")).toThrow(ModelFileError);
    expect(base.tags).toEqual(["from-create"]);
  });
});

describe("applyConfig", () => {
  it("sets config and transformersInfo, and the task when the record has none", () => {
    const record = applyConfig({ id: "acme/tiny", tags: [] }, '{"architectures": ["LlamaForCausalLM"]}');
    expect(record).toEqual({
      id: "acme/tiny",
      tags: [],
      config: { architectures: ["LlamaForCausalLM"] },
      transformersInfo: {
        auto_model: "AutoModelForCausalLM",
        processor: "AutoTokenizer",
        pipeline_tag: "text-generation",
      },
      pipeline_tag: "text-generation",
    });
  });

  it("keeps the record's own task", () => {
    const record = applyConfig(
      { ...base, pipeline_tag: "text2text-generation" },
      '{"architectures": ["GPT2LMHeadModel"]}',
    );
    expect(record.pipeline_tag).toBe("text2text-generation");
  });

  it("drops a transformersInfo the new config no longer supports", () => {
    const record = applyConfig(base, '{"sklearn": {"model_format": "skops"}}');
    expect(record.transformersInfo).toBeUndefined();
    expect(record.config).toEqual({ sklearn: { model_format: "skops" } });
  });
});
