import { DEFAULT_PROVIDER, getModelSnippets, INFERENCE_OPTION_SPECS } from "@modelhub/snippets";
import { describe, expect, it } from "vitest";
import { SNIPPET_PARAMETERS } from "./snippet-parameters.js";

describe("the snippets endpoint's OpenAPI parameters", () => {
  it("are the engine's inference options, one each, by their canonical names", () => {
    expect(SNIPPET_PARAMETERS.map((p) => p.name)).toEqual(
      INFERENCE_OPTION_SPECS.map((s) => (s.secret ? `x-${s.flag}` : s.name)),
    );
    const token = SNIPPET_PARAMETERS.find((p) => p.name === "x-access-token");
    expect(token).toMatchObject({ in: "header" });
  });

  it("state the provider default the engine really uses", () => {
    const provider = SNIPPET_PARAMETERS.find((p) => p.name === "provider") as { schema: { default: string } };
    expect(provider.schema.default).toBe(DEFAULT_PROVIDER);
    const model = { id: "acme/m", tags: ["conversational"], pipeline_tag: "text-generation" };
    const used = getModelSnippets(model, {}, { warn: () => {} }).inferenceInfo.resolvedProvider;
    expect(used).toBe(provider.schema.default);
  });

  it("give booleans and numbers their JSON types", () => {
    const types = Object.fromEntries(SNIPPET_PARAMETERS.map((p) => [p.name, (p.schema as { type: string }).type]));
    expect(types).toMatchObject({
      streaming: "boolean",
      temperature: "number",
      max_tokens: "integer",
      billTo: "string",
    });
  });
});
