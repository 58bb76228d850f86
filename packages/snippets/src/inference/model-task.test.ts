import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import { getModelSnippets } from "../model-snippets.js";

const SILENT = { warn: () => {} };
const model = (pipeline_tag: string | undefined, tags: string[] = []): ModelRecord => ({
  id: "acme/m",
  tags,
  ...(pipeline_tag === undefined ? {} : { pipeline_tag }),
});
const info = (m: ModelRecord, options: Record<string, unknown> = {}) =>
  getModelSnippets(m, options, SILENT).inferenceInfo;

describe("inferenceInfo.chat and servedTask", () => {
  it.each([
    [model("text-generation", ["conversational"]), true, "conversational"],
    [model("image-text-to-text"), true, "image-text-to-text"],
    [model("text-generation"), false, "text-generation"],
    [model("image-classification", ["conversational"]), false, "image-classification"],
    [model("not-a-task", ["conversational"]), false, null],
    [model(undefined, ["conversational"]), false, null],
  ])("%j: chat %s, served task %s", (m, chat, served) => {
    expect(info(m)).toMatchObject({ chat, servedTask: served });
  });

  it("depends on the model only, not on options that give no snippet", () => {
    const vlm = model("image-text-to-text");
    expect(info(vlm, { provider: "fal-ai" })).toMatchObject({ chat: true, reason: { code: expect.any(String) } });
    expect(info(vlm, { streaming: "true" }).chat).toBe(true);
  });
});
