import { describe, expect, it } from "vitest";
import { InferenceOptionError } from "./inference/errors.js";
import type { ModelRecord } from "./model.js";
import { getModelSnippets } from "./model-snippets.js";

const silent = { warn: () => {} };
const llama: ModelRecord = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  library_name: "transformers",
  tags: ["conversational", "mlx", "text-generation"],
  pipeline_tag: "text-generation",
  transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  inferenceProviderMapping: {
    together: { providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", task: "conversational", status: "live" },
  },
};

describe("getModelSnippets", () => {
  it("gives the libraries (library_name first) and the inference snippets in one object", () => {
    const result = getModelSnippets(llama, { provider: "together", streaming: "true" }, silent);
    expect(result.libraries.map((l) => l.key)).toEqual(["transformers", "mlx"]);
    expect(result.libraries[0]?.snippets.length).toBeGreaterThan(0);
    expect(result.inference.map((s) => `${s.language}/${s.client}`)).toContain("python/openai");
    expect(result.inference.every((s) => s.provider === "together")).toBe(true);
    expect(result.inference.some((s) => s.content.includes("stream"))).toBe(true);
    expect(result.inferenceInfo.reason).toBeNull();
  });

  it("adds the hub's setup lines only when told where the model is hosted", () => {
    expect(getModelSnippets(llama, {}, silent)).not.toHaveProperty("hub");
    const hosted = getModelSnippets(llama, {}, silent, { hubUrl: "http://hub.lan:8080" });
    expect(hosted.hub?.python).toBe("export HF_ENDPOINT='http://hub.lan:8080'");
    expect(hosted.hub?.git).toBe("git clone 'http://hub.lan:8080/meta-llama/Llama-3.1-8B-Instruct'");
    expect(getModelSnippets(llama, {}, silent, { hubUrl: "https://huggingface.co" })).not.toHaveProperty("hub");
  });

  it("says why there is no inference snippet", () => {
    const result = getModelSnippets({ id: "acme/x", tags: [], pipeline_tag: "robotics" }, {}, silent);
    expect(result.inference).toEqual([]);
    expect(result.inferenceInfo.reason?.code).toBe("task-not-supported");
  });

  it("never prints the access token", () => {
    const result = getModelSnippets(llama, { accessToken: "hf_realSecret123" }, silent);
    expect(JSON.stringify(result)).not.toContain("hf_realSecret123");
    expect(result.inferenceInfo.token).toEqual({ variable: "HF_TOKEN", accessTokenReplaced: true });
  });

  it("names a bad option", () => {
    expect(() => getModelSnippets(llama, { provider: "nope" }, silent)).toThrow(InferenceOptionError);
    expect(() => getModelSnippets(llama, { temperature: "hot" }, silent)).toThrow(/temperature/);
    expect(() => getModelSnippets(llama, { colour: "red" }, silent)).toThrow(/colour/);
  });
});
