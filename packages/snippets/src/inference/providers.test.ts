// Facts of the provider table and the task maps, checked as data.
import { describe, expect, expectTypeOf, it } from "vitest";
import { INFERENCE_PROVIDERS, type InferenceProvider, type ProviderPolicy, type ServiceProvider } from "./providers.js";
import { providerKeyVariable } from "./target.js";
import { INFERENCE_TASKS, type InferenceTask, JS_HUB_METHODS, PYTHON_HUB_METHODS } from "./tasks.js";

const services = (Object.entries(INFERENCE_PROVIDERS) as Array<[string, ServiceProvider | ProviderPolicy]>).filter(
  (entry): entry is [string, ServiceProvider] => entry[1].kind === "service",
);

describe("INFERENCE_PROVIDERS", () => {
  it("names exactly the providers of the issue, auto first then sorted", () => {
    const names = Object.keys(INFERENCE_PROVIDERS);
    expect(names[0]).toBe("auto");
    expect(names.slice(1)).toEqual([...names.slice(1)].sort());
    expect(names).toHaveLength(20);
  });

  it("has a provider type with no string escape hatch", () => {
    expectTypeOf<InferenceProvider>().toEqualTypeOf<
      | "auto"
      | "baseten"
      | "cerebras"
      | "cohere"
      | "deepinfra"
      | "fal-ai"
      | "featherless-ai"
      | "fireworks-ai"
      | "groq"
      | "hf-inference"
      | "nscale"
      | "novita"
      | "openai"
      | "ovhcloud"
      | "publicai"
      | "replicate"
      | "scaleway"
      | "together"
      | "wavespeed"
      | "zai-org"
    >();
    expectTypeOf<string>().not.toMatchTypeOf<InferenceProvider>();
  });

  it("gives every service an https base URL and a routed path named after it (or none)", () => {
    for (const [name, entry] of services) {
      expect(entry.directBaseUrl, name).toMatch(/^https:\/\/[a-z0-9.-]+(\/[a-z0-9-]+)*$/);
      if (entry.routedPath !== null) expect(entry.routedPath, name).toBe(name);
    }
  });

  it("gives every chat provider an OpenAI-compatible API", () => {
    for (const [name, entry] of services) {
      const chats = entry.tasks.includes("conversational") || entry.tasks.includes("image-text-to-text");
      if (chats && name !== "hf-inference")
        expect([name, entry.openAiCompatible, entry.openAiPath !== null]).toEqual([name, true, true]);
    }
  });

  it("uses Bearer everywhere except fal-ai's Key", () => {
    expect(services.filter(([, e]) => e.auth === "Key").map(([name]) => name)).toEqual(["fal-ai"]);
  });

  it("only names tasks that have snippets", () => {
    for (const [name, entry] of services) {
      for (const task of entry.tasks)
        expect([name, task === "conversational" || INFERENCE_TASKS.includes(task)]).toEqual([name, true]);
    }
  });

  it("names provider keys after the provider, every - turned into _", () => {
    expect(providerKeyVariable("featherless-ai")).toBe("FEATHERLESS_AI_API_KEY");
    expect(providerKeyVariable("zai-org")).toBe("ZAI_ORG_API_KEY");
    expect(providerKeyVariable("groq")).toBe("GROQ_API_KEY");
  });
});

describe("task maps", () => {
  const required: InferenceTask[] = [
    "text-generation",
    "image-text-to-text",
    "text-classification",
    "token-classification",
    "zero-shot-classification",
    "feature-extraction",
    "fill-mask",
    "sentence-similarity",
    "summarization",
    "translation",
    "question-answering",
    "table-question-answering",
    "document-question-answering",
    "automatic-speech-recognition",
    "audio-classification",
    "audio-to-audio",
    "text-to-speech",
    "text-to-audio",
    "image-classification",
    "image-segmentation",
    "object-detection",
    "image-to-text",
    "zero-shot-image-classification",
    "image-to-image",
    "text-to-image",
    "text-to-video",
    "image-to-video",
    "tabular-classification",
    "tabular-regression",
  ];

  it("cover every task of the issue", () => {
    expect(required.filter((task) => !INFERENCE_TASKS.includes(task))).toEqual([]);
  });

  it("name python methods in snake_case and js methods in camelCase", () => {
    for (const task of INFERENCE_TASKS) {
      expect(PYTHON_HUB_METHODS[task]).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(JS_HUB_METHODS[task]).toMatch(/^[a-z]+([A-Z][a-z]+)*$/);
    }
  });
});
