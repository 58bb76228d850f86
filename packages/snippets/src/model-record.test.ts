import { describe, expect, it } from "vitest";
import { ModelRecordError, parseModelRecord } from "./model-record.js";

describe("parseModelRecord", () => {
  it("accepts a full record and defaults tags to []", () => {
    expect(parseModelRecord({ id: "openai/whisper-large-v3" })).toEqual({ id: "openai/whisper-large-v3", tags: [] });
    const full = {
      id: "meta-llama/Llama-3.1-8B-Instruct",
      library_name: "transformers",
      tags: ["conversational"],
      pipeline_tag: "text-generation",
      transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
      widgetData: [{ text: "Hi", sentences: ["a"] }],
      inferenceProviderMapping: { together: { providerId: "meta-llama/x", task: "conversational", status: "live" } },
      siblings: [{ rfilename: "config.json" }],
      downloads: 12,
      likes: 3,
    };
    expect(parseModelRecord(full)).toEqual(full);
  });

  it("drops null optional fields", () => {
    expect(parseModelRecord({ id: "a/b", pipeline_tag: null, config: null })).toEqual({ id: "a/b", tags: [] });
  });

  it.each([
    [[], "(record)"],
    [{}, "id"],
    [{ id: "" }, "id"],
    [{ id: "a/b", tags: "x" }, "tags"],
    [{ id: "a/b", tags: ["x", 2] }, "tags[1]"],
    [{ id: "a/b", library_name: 3 }, "library_name"],
    [{ id: "a/b", downloads: -1 }, "downloads"],
    [{ id: "a/b", config: [] }, "config"],
    [{ id: "a/b", transformersInfo: {} }, "transformersInfo.auto_model"],
    [{ id: "a/b", widgetData: [1] }, "widgetData[0]"],
    [{ id: "a/b", widgetData: [{ sentences: [1] }] }, "widgetData[0].sentences[0]"],
    [
      { id: "a/b", inferenceProviderMapping: { groq: { providerId: "x", task: "t", status: "up" } } },
      "inferenceProviderMapping.groq.status",
    ],
    [{ id: "a/b", siblings: [{ name: "x" }] }, "siblings[0].rfilename"],
  ])("names the bad field of %j", (record, field) => {
    try {
      parseModelRecord(record);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ModelRecordError);
      expect((error as ModelRecordError).field).toBe(field);
      expect((error as Error).message).toContain(`"${field}"`);
    }
  });
});
