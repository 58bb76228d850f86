import { describe, expect, expectTypeOf, it } from "vitest";
import { buildInferenceSnippets } from "./build.js";
import { CHAT_MODEL } from "./fixtures/cases.js";
import { DEFAULT_PROVIDER, INFERENCE_OPTION_SPECS, SECRET_OPTION_NAMES } from "./option-spec.js";
import type { InferenceOptions } from "./options.js";
import { parseInferenceOptions } from "./parse-options.js";

const SILENT = { warn: () => {} };

describe("the inference option table", () => {
  it("names every option of InferenceOptions exactly once", () => {
    expectTypeOf<(typeof INFERENCE_OPTION_SPECS)[number]["name"]>().toEqualTypeOf<keyof InferenceOptions>();
    const names = INFERENCE_OPTION_SPECS.map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("gives each spelling (name, CLI flag, alias) to one option only", () => {
    const spellings = INFERENCE_OPTION_SPECS.flatMap((spec) => [...new Set([spec.name, spec.flag, ...spec.aliases])]);
    expect(new Set(spellings).size).toBe(spellings.length);
  });

  it("is what the parser reads: every spelling of an option gives the same value", () => {
    for (const spec of INFERENCE_OPTION_SPECS) {
      const sample = SAMPLES[spec.name];
      const expected = parseInferenceOptions({ [spec.name]: sample }, SILENT);
      for (const spelling of [spec.flag, ...spec.aliases])
        expect(parseInferenceOptions({ [spelling]: sample }, SILENT)).toEqual(expected);
    }
  });

  it("states the provider default the builder really uses", () => {
    const spec = INFERENCE_OPTION_SPECS.find((s) => s.name === "provider");
    expect(spec?.defaultValue).toBe(DEFAULT_PROVIDER);
    expect(buildInferenceSnippets(CHAT_MODEL, {}, SILENT).snippets[0]?.provider).toBe(spec?.defaultValue);
  });

  it("marks the access token secret, under every spelling, and nothing else", () => {
    expect(SECRET_OPTION_NAMES).toEqual(["accessToken", "access-token"]);
  });

  it("refuses prototype keys as unknown options", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const raw = JSON.parse(`{${JSON.stringify(key)}: "x"}`) as Record<string, unknown>;
      expect(() => parseInferenceOptions(raw, SILENT)).toThrow(`Unknown inference option "${key}"`);
    }
  });
});

const SAMPLES: Record<keyof InferenceOptions, unknown> = {
  provider: "together",
  accessToken: "hf_x",
  endpointUrl: "https://e.example",
  billTo: "acme",
  directRequest: "true",
  streaming: "1",
  inputs: '{"a": "b"}',
  messages: '[{"role": "user", "content": "Hi"}]',
  temperature: "0.5",
  max_tokens: "7",
  top_p: "1",
};
