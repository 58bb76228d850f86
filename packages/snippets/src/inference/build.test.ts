// The builder's behaviour: client choice, tokens, reasons, errors (spec §4, §6, §8) and purity.
import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import { buildInferenceSnippets, getInferenceSnippets } from "./build.js";
import { InferenceOptionError, TemplateNotFoundError } from "./errors.js";
import { CHAT_MODEL, taskModel, VLM_MODEL } from "./fixtures/cases.js";
import { matrixRuns } from "./fixtures/matrix.js";
import { findTemplate } from "./templates/matrix.js";

const SILENT = { warn: () => {} };

function recorder(): { warn(message: string): void; messages: string[] } {
  const messages: string[] = [];
  return { messages, warn: (message) => messages.push(message) };
}

function clients(model: ModelRecord, options = {}): string[] {
  return getInferenceSnippets(model, options, SILENT).map((s) => `${s.language}/${s.client}`);
}

describe("which clients a model gets", () => {
  it("chat: every client but fal_client, in display order", () => {
    expect(clients(CHAT_MODEL, { provider: "together" })).toEqual([
      "python/openai",
      "python/huggingface_hub",
      "python/requests",
      "js/openai",
      "js/huggingface.js",
      "js/fetch",
      "sh/curl",
    ]);
  });

  it("non-chat task: hub clients and raw HTTP, no openai", () => {
    expect(clients(taskModel("text-classification"))).toEqual([
      "python/huggingface_hub",
      "python/requests",
      "js/huggingface.js",
      "js/fetch",
      "sh/curl",
    ]);
  });

  it("auto with a non-chat task: only the hub clients, which name provider auto", () => {
    const snippets = getInferenceSnippets(taskModel("text-to-image"), { provider: "auto" }, SILENT);
    expect(snippets.map((s) => s.client)).toEqual(["huggingface_hub", "huggingface.js"]);
    expect(snippets.every((s) => s.provider === "auto" && s.content.includes('"auto"'))).toBe(true);
  });

  it("auto with chat: every chat client, the router picks (bare model id)", () => {
    const snippets = getInferenceSnippets(CHAT_MODEL, { provider: "auto" }, SILENT);
    expect(snippets).toHaveLength(7);
    expect(snippets.find((s) => s.client === "requests")?.content).toContain(
      '"model": "meta-llama/Llama-3.3-70B-Instruct",',
    );
  });

  it("a custom endpoint gets the raw clients whatever the provider, auto included", () => {
    const endpoint = { endpointUrl: "https://e.example" };
    expect(clients(taskModel("text-to-image"), { ...endpoint, provider: "auto" })).toEqual(
      clients(taskModel("text-to-image"), endpoint),
    );
    expect(clients(taskModel("text-to-image"), endpoint)).toContain("sh/curl");
  });

  it("fal_client only for direct requests to fal-ai on the tasks it serves", () => {
    expect(clients(taskModel("text-to-image"), { provider: "fal-ai", directRequest: true })).toContain(
      "python/fal_client",
    );
    expect(clients(taskModel("text-to-image"), { provider: "fal-ai" })).not.toContain("python/fal_client");
    expect(clients(taskModel("text-to-image"), { provider: "replicate", directRequest: true })).not.toContain(
      "python/fal_client",
    );
  });

  it("async providers (a queue to poll) get the hub clients only", () => {
    expect(clients(taskModel("text-to-image"), { provider: "wavespeed" })).toEqual([
      "python/huggingface_hub",
      "js/huggingface.js",
    ]);
  });

  it("zero-shot classification carries candidate_labels in every client", () => {
    for (const snippet of getInferenceSnippets(taskModel("zero-shot-classification"), {}, SILENT)) {
      expect(snippet.content).toContain("candidate_labels");
    }
  });

  it("image-text-to-text chat messages hold an image and a text", () => {
    const [openai] = getInferenceSnippets(VLM_MODEL, { provider: "together" }, SILENT);
    expect(openai?.content).toContain('"type": "image_url"');
    expect(openai?.content).toContain('"type": "text"');
  });

  it("streaming picks the streaming form in every chat client, fetch included, reading delta.content until [DONE]", () => {
    const snippets = getInferenceSnippets(CHAT_MODEL, { provider: "together", streaming: true }, SILENT);
    for (const snippet of snippets.filter((s) => s.language !== "sh")) expect(snippet.content).toContain("delta");
    const fetch = snippets.find((s) => s.client === "fetch")?.content ?? "";
    expect(fetch).toContain('"stream": true');
    expect(fetch).toContain("[DONE]");
  });

  it("the text-to-image huggingface.js example uses 5 inference steps", () => {
    const js = getInferenceSnippets(taskModel("text-to-image"), {}, SILENT).find((s) => s.client === "huggingface.js");
    expect(js?.content).toContain("num_inference_steps: 5");
  });

  it("audio is posted as audio/flac and images as image/jpeg", () => {
    const audio = getInferenceSnippets(taskModel("automatic-speech-recognition"), {}, SILENT);
    const image = getInferenceSnippets(taskModel("image-classification"), {}, SILENT);
    for (const s of audio.filter((s) => s.client !== "huggingface_hub")) expect(s.content).toContain("audio/flac");
    for (const s of image.filter((s) => s.client !== "huggingface_hub")) expect(s.content).toContain("image/jpeg");
  });

  it("uses the provider's own model id in provider-specific calls, the hub id in hub clients", () => {
    const snippets = getInferenceSnippets(taskModel("text-to-image"), { provider: "fal-ai" }, SILENT);
    expect(snippets.find((s) => s.client === "requests")?.content).toContain("/fal-ai/fal-ai/flux/dev");
    expect(snippets.find((s) => s.client === "huggingface_hub")?.content).toContain('model="acme/text-to-image-model"');
    const direct = getInferenceSnippets(CHAT_MODEL, { provider: "groq", directRequest: true }, SILENT);
    expect(direct[0]?.content).toContain('model="llama-3.3-70b-versatile"');
    expect(direct[0]?.content).toContain('base_url="https://api.groq.com/openai/v1"');
  });
});

describe("token placeholders (spec §6)", () => {
  it.each([
    [{ provider: "hf-inference" }, "HF_TOKEN"],
    [{ provider: "together" }, "HF_TOKEN"],
    [{ provider: "auto", directRequest: true }, "HF_TOKEN"],
    [{ provider: "together", directRequest: true }, "TOGETHER_API_KEY"],
    [{ provider: "featherless-ai", directRequest: true }, "FEATHERLESS_AI_API_KEY"],
    [{ provider: "openai" }, "OPENAI_API_KEY"],
    [{ provider: "together", endpointUrl: "https://e.example" }, "API_TOKEN"],
  ] as const)("%j reads %s in every language", (options, variable) => {
    const result = buildInferenceSnippets(CHAT_MODEL, options, SILENT);
    expect(result.token.variable).toBe(variable);
    for (const snippet of result.snippets) {
      const expected = {
        python: `os.environ["${variable}"]`,
        js: `process.env.${variable}`,
        sh: `"Authorization: Bearer $${variable}"`,
      }[snippet.language];
      const alt = `os.environ['${variable}']`;
      expect(snippet.content.includes(expected) || snippet.content.includes(alt)).toBe(true);
    }
  });

  it("fal-ai's own API takes the Key scheme", () => {
    const curl = getInferenceSnippets(
      taskModel("text-to-image"),
      { provider: "fal-ai", directRequest: true },
      SILENT,
    ).find((s) => s.client === "curl");
    expect(curl?.content).toContain('"Authorization: Key $FAL_AI_API_KEY"');
  });

  it("a passed accessToken appears in no snippet, for every provider, client and task, and the result says so", () => {
    const secret = "hf_realSecret123";
    let count = 0;
    for (const run of matrixRuns({ accessToken: secret })) {
      const result = buildInferenceSnippets(run.model, run.options, SILENT);
      expect(result.token.accessTokenReplaced).toBe(true);
      for (const snippet of result.snippets) {
        count++;
        expect(snippet.content).not.toContain("realSecret");
        expect(snippet.content).toContain(result.token.variable);
      }
    }
    expect(count).toBeGreaterThan(1000);
  });

  it("accessTokenReplaced is false when no token was passed", () => {
    expect(buildInferenceSnippets(CHAT_MODEL, {}, SILENT).token.accessTokenReplaced).toBe(false);
  });

  it("billTo goes out as X-HF-Bill-To through the hub, and not on direct calls", () => {
    for (const snippet of getInferenceSnippets(CHAT_MODEL, { provider: "together", billTo: "acme" }, SILENT)) {
      expect(snippet.content).toMatch(/X-HF-Bill-To|bill_to|billTo/);
    }
    for (const snippet of getInferenceSnippets(
      CHAT_MODEL,
      { provider: "together", billTo: "acme", directRequest: true },
      SILENT,
    )) {
      expect(snippet.content).not.toContain("acme");
    }
  });
});

describe("options reach the code", () => {
  it("temperature, max_tokens and top_p of 0 are kept in every chat client", () => {
    const snippets = getInferenceSnippets(CHAT_MODEL, { temperature: 0, max_tokens: 0, top_p: 0 }, SILENT);
    expect(snippets).toHaveLength(7);
    for (const snippet of snippets) {
      for (const name of ["temperature", "max_tokens", "top_p"])
        expect(snippet.content).toMatch(new RegExp(`"?${name}"?[=:] ?0\\b`));
    }
  });

  it("a string inputs becomes the chat user message", () => {
    const [first] = getInferenceSnippets(CHAT_MODEL, { inputs: "Bonjour" }, SILENT);
    expect(first?.content).toContain('"content": "Bonjour"');
  });

  it("the model's widget example is the default input", () => {
    const model = { ...taskModel("text-classification"), widgetData: [{ text: "Widget text" }] };
    for (const snippet of getInferenceSnippets(model, {}, SILENT)) expect(snippet.content).toContain("Widget text");
  });
});

describe("reasons and errors (spec §8)", () => {
  it("a provider that does not serve the task: logged, empty list, machine-readable reason", () => {
    const logger = recorder();
    const result = buildInferenceSnippets(taskModel("text-classification"), { provider: "groq" }, logger);
    expect(result.snippets).toEqual([]);
    expect(result.reason?.code).toBe("provider-not-serving-task");
    expect(logger.messages).toEqual([expect.stringContaining("Failed to get provider helper")]);
  });

  it("a task without inference snippets: empty list and reason, nothing logged", () => {
    const logger = recorder();
    const result = buildInferenceSnippets({ id: "a/b", tags: [], pipeline_tag: "reinforcement-learning" }, {}, logger);
    expect(result).toMatchObject({ snippets: [], reason: { code: "task-not-supported" } });
    expect(buildInferenceSnippets({ id: "a/b", tags: [] }, {}, logger).reason?.code).toBe("task-not-supported");
    expect(logger.messages).toEqual([]);
  });

  it("an unknown provider throws an InferenceOptionError naming it", () => {
    const call = () => buildInferenceSnippets(CHAT_MODEL, { provider: "nope" as "auto" }, SILENT);
    expect(call).toThrow(InferenceOptionError);
    expect(call).toThrow(/nope/);
  });

  it("inputs the task cannot take throw Unsupported format", () => {
    const call = () => buildInferenceSnippets(taskModel("question-answering"), { inputs: "just text" }, SILENT);
    expect(call).toThrow(/Unsupported format/);
    expect(() => buildInferenceSnippets(CHAT_MODEL, { inputs: { a: 1 } }, SILENT)).toThrow(/Unsupported format/);
  });

  it("a missing template throws Template not found naming language, client and template", () => {
    expect(() => findTemplate("python", "openai", "task")).toThrow(TemplateNotFoundError);
    expect(() => findTemplate("python", "openai", "task")).toThrow(/Template not found.*python.*openai.*task/);
    expect(() => findTemplate("ruby", "net-http", "chat")).toThrow(/Template not found.*ruby.*net-http.*chat/);
    expect(() => findTemplate("js", "toString", "chat")).toThrow(TemplateNotFoundError);
    expect(typeof findTemplate("sh", "curl", "chat")).toBe("function");
  });
});

describe("auto policy", () => {
  it("picks the first live mapped provider that serves the task", () => {
    expect(buildInferenceSnippets(CHAT_MODEL, { provider: "auto" }, SILENT).resolvedProvider).toBe("together");
    const staging: ModelRecord = {
      ...CHAT_MODEL,
      inferenceProviderMapping: { cerebras: { providerId: "x", task: "conversational", status: "staging" } },
    };
    expect(buildInferenceSnippets(staging, { provider: "auto" }, SILENT).reason?.code).toBe("no-provider-for-model");
  });

  it("skips unknown and non-serving providers; none left: no provider for the model", () => {
    const model: ModelRecord = {
      ...taskModel("text-to-image"),
      inferenceProviderMapping: {
        mystery: { providerId: "x", task: "text-to-image", status: "live" },
        groq: { providerId: "x", task: "text-to-image", status: "live" },
      },
    };
    expect(buildInferenceSnippets(model, { provider: "auto" }, SILENT).reason?.code).toBe("no-provider-for-model");
  });
});

describe("the model's provider mapping decides (the hub clients refuse other providers)", () => {
  const unmapped: ModelRecord = {
    id: "acme/unmapped",
    tags: ["text-classification"],
    pipeline_tag: "text-classification",
  };

  it("a provider the mapping does not list gives no snippets and says why", () => {
    const result = buildInferenceSnippets(unmapped, { provider: "hf-inference" }, SILENT);
    expect(result.snippets).toEqual([]);
    expect(result.reason).toEqual({
      code: "provider-not-serving-model",
      message:
        "HF Inference does not serve acme/unmapped for the text-classification task (not in its provider mapping).",
    });
    const together = buildInferenceSnippets(CHAT_MODEL, { provider: "nscale" }, SILENT);
    expect(together.reason?.code).toBe("provider-not-serving-model");
  });

  it("a mapping for another task does not count", () => {
    const model: ModelRecord = {
      ...unmapped,
      inferenceProviderMapping: { "hf-inference": { providerId: "acme/unmapped", task: "fill-mask", status: "live" } },
    };
    expect(buildInferenceSnippets(model, {}, SILENT).reason?.code).toBe("provider-not-serving-model");
  });

  it("auto with no live mapped provider gives no snippets, not hf-inference code the clients refuse", () => {
    const result = buildInferenceSnippets(unmapped, { provider: "auto" }, SILENT);
    expect(result).toMatchObject({ snippets: [], reason: { code: "no-provider-for-model" } });
  });

  it("video generation is not hf-inference's, so neither it nor a custom endpoint (its API) offers it", () => {
    const video = taskModel("text-to-video");
    expect(buildInferenceSnippets(video, { provider: "hf-inference" }, SILENT).reason?.code).toBe(
      "provider-not-serving-task",
    );
    const endpoint = buildInferenceSnippets(video, { endpointUrl: "https://e.example" }, SILENT);
    expect(endpoint).toMatchObject({ snippets: [], reason: { code: "provider-not-serving-task" } });
    expect(clients(video, { provider: "fal-ai" })).toContain("python/huggingface_hub");
  });

  it("a custom endpoint needs no mapping, and OpenAI takes the model the caller names", () => {
    expect(clients(unmapped, { endpointUrl: "https://e.example/" })).toContain("sh/curl");
    expect(clients({ ...CHAT_MODEL, inferenceProviderMapping: {} }, { provider: "openai" })).toContain("js/openai");
  });
});

describe("clients that cannot make a call are left out, with the reason", () => {
  it("text-to-audio: only the raw HTTP clients; the hub clients' text-to-speech methods refuse it", () => {
    const result = buildInferenceSnippets(taskModel("text-to-audio"), {}, SILENT);
    expect(result.snippets.map((s) => `${s.language}/${s.client}`)).toEqual(["python/requests", "js/fetch", "sh/curl"]);
    expect(result.omitted.map((o) => `${o.language}/${o.client}`)).toEqual([
      "python/huggingface_hub",
      "js/huggingface.js",
    ]);
    expect(result.omitted[0]?.reason).toMatch(/text-to-audio/);
  });

  it("tabular-regression on hf-inference: no huggingface_hub; fal-ai speech recognition: no huggingface.js", () => {
    expect(clients(taskModel("tabular-regression"))).not.toContain("python/huggingface_hub");
    expect(clients(taskModel("tabular-regression"))).toContain("js/huggingface.js");
    expect(clients(taskModel("automatic-speech-recognition"), { provider: "fal-ai" })).not.toContain(
      "js/huggingface.js",
    );
    expect(clients(taskModel("automatic-speech-recognition"))).toContain("js/huggingface.js");
  });
});

describe("purity", () => {
  it("two models give the same results in either order, and inputs are not mutated", () => {
    const a = Object.freeze({ ...CHAT_MODEL, tags: Object.freeze([...CHAT_MODEL.tags]) }) as ModelRecord;
    const b = Object.freeze(taskModel("zero-shot-classification"));
    const options = Object.freeze({ billTo: "acme", temperature: 0 });
    const ab = [buildInferenceSnippets(a, options, SILENT), buildInferenceSnippets(b, options, SILENT)];
    const ba = [buildInferenceSnippets(b, options, SILENT), buildInferenceSnippets(a, options, SILENT)];
    expect(ab[0]).toEqual(ba[1]);
    expect(ab[1]).toEqual(ba[0]);
  });
});
