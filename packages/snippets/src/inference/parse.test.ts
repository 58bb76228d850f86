// Every generated inference snippet parses in its language, for every case of the matrix.
import { describe, expect, it } from "vitest";
import { parseSnippets } from "../test-utils/parse-check.js";
import { buildInferenceSnippets } from "./build.js";
import { GOLDEN_CASES } from "./fixtures/cases.js";
import { matrixRuns } from "./fixtures/matrix.js";

const SILENT = { warn: () => {} };

const goldenRuns = GOLDEN_CASES.flatMap((testCase) =>
  testCase.providers.map((provider) => ({
    label: `${testCase.name} @${provider}`,
    model: testCase.model,
    options: { ...testCase.options, provider },
  })),
);
const items = [...matrixRuns(), ...goldenRuns].flatMap((run) =>
  buildInferenceSnippets(run.model, run.options, SILENT).snippets.map((snippet) => ({
    name: `${run.label} ${snippet.language}/${snippet.client}`,
    language: snippet.language,
    code: snippet.content,
  })),
);
const parsed = parseSnippets(items);

describe("generated inference snippets parse", () => {
  it(`python ast, acorn and bash -n accept all ${items.length} snippets`, () => {
    const failures = items
      .map((item, i) => ({ ...item, error: parsed[i]?.error }))
      .filter((item) => item.error)
      .map((item) => `${item.name}: ${item.error}\n${item.code}`);
    expect(failures).toEqual([]);
  });

  it("covers every language and client", () => {
    const seen = new Set(items.map((item) => item.name.split(" ").pop()));
    expect([...seen].sort()).toEqual([
      "js/fetch",
      "js/huggingface.js",
      "js/openai",
      "python/fal_client",
      "python/huggingface_hub",
      "python/openai",
      "python/requests",
      "sh/curl",
    ]);
  });

  it("indents with spaces only, and leaves no template placeholder behind", () => {
    const bad = items.filter((item) => /\t|\{\{|\}\}|<(?:TOKEN|API_KEY|ACCESS_TOKEN)>/.test(item.code));
    expect(bad.map((item) => item.name)).toEqual([]);
  });
});
