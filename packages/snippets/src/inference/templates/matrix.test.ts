import { describe, expect, expectTypeOf, it } from "vitest";
import { buildInferenceSnippets } from "../build.js";
import { CHAT_MODEL, taskModel } from "../fixtures/cases.js";
import {
  CLIENT_MATRIX,
  CLIENT_TEMPLATES,
  findTemplate,
  type InferenceClientName,
  type InferenceLanguage,
} from "./matrix.js";

const SILENT = { warn: () => {} };
const pairs = (snippets: Array<{ language: string; client: string }>) =>
  snippets.map((s) => `${s.language}/${s.client}`);

describe("the template matrix", () => {
  it("is the builder's list: chat snippets come from every chat row, in the matrix's order", () => {
    const rows = CLIENT_MATRIX.filter((row) => row.chat !== null);
    expect(pairs(buildInferenceSnippets(CHAT_MODEL, {}, SILENT).snippets)).toEqual(pairs(rows));
    const streamed = buildInferenceSnippets(CHAT_MODEL, { streaming: true }, SILENT).snippets;
    expect(pairs(streamed)).toEqual(pairs(rows));
    for (const snippet of streamed) expect(snippet.content).toMatch(/stream/i);
  });

  it("gives each non-chat row its one call template, fal's SDK only for direct calls to fal", () => {
    const model = taskModel("text-to-image");
    const routed = buildInferenceSnippets(model, { provider: "fal-ai" }, SILENT).snippets;
    const direct = buildInferenceSnippets(model, { provider: "fal-ai", directRequest: true }, SILENT).snippets;
    const callRows = CLIENT_MATRIX.filter((row) => row.call !== null);
    expect(pairs(direct)).toEqual(pairs(callRows));
    expect(pairs(routed)).toEqual(pairs(callRows.filter((row) => row.call?.kind !== "subscribe")));
  });

  it("derives the display table and the outside lookup from the same rows", () => {
    expect(CLIENT_TEMPLATES).toEqual({
      python: {
        openai: ["chat", "chatStream"],
        huggingface_hub: ["chat", "chatStream", "task"],
        fal_client: ["subscribe"],
        requests: ["chat", "chatStream", "request"],
      },
      js: {
        openai: ["chat", "chatStream"],
        "huggingface.js": ["chat", "chatStream", "task"],
        fetch: ["chat", "chatStream", "request"],
      },
      sh: { curl: ["chat", "chatStream", "request"] },
    });
    for (const row of CLIENT_MATRIX) {
      if (row.chat) expect(findTemplate(row.language, row.client, "chat")).toBe(row.chat.chat);
      if (row.call) expect(findTemplate(row.language, row.client, row.call.kind)).toBe(row.call.render);
    }
  });

  it("types languages and clients from the rows", () => {
    expectTypeOf<InferenceLanguage>().toEqualTypeOf<"python" | "js" | "sh">();
    expectTypeOf<InferenceClientName<"sh">>().toEqualTypeOf<"curl">();
    expectTypeOf<InferenceClientName<"js">>().toEqualTypeOf<"openai" | "huggingface.js" | "fetch">();
  });
});
