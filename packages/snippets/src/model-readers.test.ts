import { describe, expect, it } from "vitest";
import { LIBRARIES } from "./libraries/registry.js";
import type { ModelRecord } from "./model.js";
import {
  findSibling,
  hasTag,
  ownEntry,
  repoName,
  repoNamespace,
  siblingEndingWith,
  widgetCandidateLabels,
  widgetSrc,
  widgetText,
} from "./model-readers.js";

const MODEL: ModelRecord = {
  id: "acme/demo-model",
  tags: ["lora", "custom_code"],
  widgetData: [
    { text: "   " },
    { src: "https://e.example/cat.png" },
    { text: "A red fox", candidate_labels: " a, ,b " },
  ],
  siblings: [{ rfilename: "README.md" }, { rfilename: "weights/model.onnx" }, { rfilename: "model.onnx" }],
};

describe("model-record readers", () => {
  it("split the id into namespace and name", () => {
    expect([repoNamespace(MODEL), repoName(MODEL)]).toEqual(["acme", "demo-model"]);
    expect([repoNamespace({ id: "gpt2", tags: [] }), repoName({ id: "gpt2", tags: [] })]).toEqual(["", "gpt2"]);
  });

  it("read the first widget value with more than white space, across all examples", () => {
    expect(widgetText(MODEL)).toBe("A red fox");
    expect(widgetSrc(MODEL)).toBe("https://e.example/cat.png");
    expect(widgetCandidateLabels(MODEL)).toEqual(["a", "b"]);
    expect(widgetText({ id: "a/b", tags: [] })).toBeUndefined();
  });

  it("find files in the hub's order, by predicate or suffix", () => {
    expect(siblingEndingWith(MODEL, ".onnx")).toBe("weights/model.onnx");
    expect(findSibling(MODEL, (path) => !path.includes("/") && path.endsWith(".onnx"))).toBe("model.onnx");
    expect(siblingEndingWith(MODEL, ".gguf")).toBeUndefined();
  });

  it("match tags exactly and resolve only a table's own entries", () => {
    expect([hasTag(MODEL, "lora"), hasTag(MODEL, "LoRA"), hasTag(MODEL, "custom")]).toEqual([true, false, false]);
    expect(ownEntry({ a: 1 }, "a")).toBe(1);
    expect(ownEntry({ a: 1 }, "constructor")).toBeUndefined();
    expect(ownEntry({ a: 1 }, "__proto__")).toBeUndefined();
  });
});

// Before one set of readers, each library family read the record its own way.
describe("every library family reads a record alike", () => {
  const snippetsOf = (key: "transformers" | "diffusers" | "audiocraft" | "timm", model: ModelRecord): string =>
    LIBRARIES[key].snippets(model).join("\n");

  it("skips a blank first widget text in text, generation and audio snippets alike", () => {
    const prompt = { widgetData: [{ text: "  " }, { text: "A red fox" }] };
    const text = snippetsOf("transformers", { id: "a/t", tags: [], pipeline_tag: "text-classification", ...prompt });
    const generation = snippetsOf("diffusers", { id: "a/g", tags: [], pipeline_tag: "text-to-image", ...prompt });
    const audio = snippetsOf("audiocraft", { id: "a/m", tags: ["musicgen"], ...prompt });
    for (const code of [text, generation, audio]) {
      expect(code).toContain('"A red fox"');
      expect(code).not.toContain('"  "');
    }
  });

  it("finds a widget image after the first example, in text and vision snippets alike", () => {
    const image = { widgetData: [{ text: "x" }, { src: "https://e.example/cat.png" }] };
    const text = snippetsOf("transformers", { id: "a/t", tags: [], pipeline_tag: "image-classification", ...image });
    const vision = snippetsOf("timm", { id: "a/v", tags: [], pipeline_tag: "image-classification", ...image });
    for (const code of [text, vision]) expect(code).toContain("https://e.example/cat.png");
  });

  it("falls back to one example image everywhere", () => {
    const text = snippetsOf("transformers", { id: "a/t", tags: [], pipeline_tag: "image-classification" });
    const vision = snippetsOf("timm", { id: "a/v", tags: [], pipeline_tag: "image-feature-extraction" });
    const urls = [...`${text}\n${vision}`.matchAll(/https:\/\/huggingface\.co\/datasets\/[^"]+\.(?:png|jpe?g)/g)];
    expect(new Set(urls.map(([url]) => url)).size).toBe(1);
  });
});
