import { describe, expect, it } from "vitest";
import { INPUT_FILES } from "./media.js";
import { compareCalls } from "./reference.js";
import type { RecordedRequest } from "./run-spec.js";

function post(url: string, body: unknown, headers: Record<string, string> = {}): RecordedRequest {
  return {
    run: 1,
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...headers },
    tokenVariable: "HF_TOKEN",
    body: Buffer.from(JSON.stringify(body)),
    violations: [],
  };
}

describe("a raw HTTP call against the SDK's", () => {
  const url = "https://router.huggingface.co/fal-ai/fal-ai/whisper";
  const audio = INPUT_FILES["sample1.flac"]!.toString("base64");

  it("is equivalent when it sends the SDK's fields, whatever media type a data URL names", () => {
    const raw = post(url, { audio_url: `data:audio/flac;base64,${audio}` });
    const sdk = post(url, { audio_url: `data:audio/mpeg;base64,${audio}` });
    expect(compareCalls(raw, sdk, "automatic-speech-recognition")).toEqual([]);
  });

  it("differs on a field the SDK does not send, another URL, token variable or bill-to header", () => {
    const sdk = post(url, { audio_url: audio });
    expect(compareCalls(post(url, { audio_url: audio, extra: 1 }), sdk, "automatic-speech-recognition")).toEqual([
      "body.extra: sent, but the SDK does not send it",
    ]);
    expect(compareCalls(post(`${url}x`, { audio_url: audio }), sdk, "automatic-speech-recognition")[0]).toMatch(/^URL/);
    const other = { ...post(url, { audio_url: audio }), tokenVariable: "FAL_AI_API_KEY" };
    expect(compareCalls(other, sdk, "automatic-speech-recognition")[0]).toMatch(/^token variable/);
    const billed = post(url, { audio_url: audio }, { "x-hf-bill-to": "acme" });
    expect(compareCalls(billed, sdk, "automatic-speech-recognition")[0]).toMatch(/^X-HF-Bill-To/);
  });

  it("treats fal's queue host and the router's queue marker as the same API", () => {
    const raw = post("https://fal.run/fal-ai/wan-t2v", { prompt: "a" });
    const sdk = post("https://queue.fal.run/fal-ai/wan-t2v", { prompt: "a" });
    expect(compareCalls(raw, sdk, "text-to-video")).toEqual([]);
  });
});
