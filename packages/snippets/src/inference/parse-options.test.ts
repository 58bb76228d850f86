// Options from CLI flags and query strings: converted, or rejected with the option named.
import { describe, expect, it } from "vitest";
import { InferenceOptionError } from "./errors.js";
import { parseInferenceOptions } from "./parse-options.js";

const SILENT = { warn: () => {} };

function optionOf(raw: Record<string, unknown>): string | null {
  try {
    parseInferenceOptions(raw, SILENT);
    return null;
  } catch (error) {
    if (!(error instanceof InferenceOptionError)) throw error;
    return error.option;
  }
}

describe("parseInferenceOptions", () => {
  it("converts strings from a query string or flags", () => {
    expect(
      parseInferenceOptions(
        {
          provider: "together",
          streaming: "true",
          directRequest: "0",
          billTo: "acme",
          endpointUrl: "https://e.example/v1",
          temperature: "0",
          max_tokens: "0",
          top_p: "0",
          messages: '[{"role": "user", "content": "Hi"}]',
          inputs: '{"question": "q", "context": "c"}',
        },
        SILENT,
      ),
    ).toEqual({
      provider: "together",
      streaming: true,
      directRequest: false,
      billTo: "acme",
      endpointUrl: "https://e.example/v1",
      temperature: 0,
      max_tokens: 0,
      top_p: 0,
      messages: [{ role: "user", content: "Hi" }],
      inputs: { question: "q", context: "c" },
    });
  });

  it("accepts the CLI spellings and skips undefined values", () => {
    expect(
      parseInferenceOptions(
        { "bill-to": "org", "max-tokens": 5, "top-p": 1, "direct-request": "", streaming: undefined },
        SILENT,
      ),
    ).toEqual({ billTo: "org", max_tokens: 5, top_p: 1, directRequest: true });
  });

  it("inputs that are not JSON are logged and used as the text given", () => {
    const messages: string[] = [];
    const options = parseInferenceOptions({ inputs: "Hello there" }, { warn: (m) => messages.push(m) });
    expect(options.inputs).toBe("Hello there");
    expect(messages).toEqual([expect.stringContaining("Failed to parse body as JSON")]);
    expect(parseInferenceOptions({ inputs: '"quoted"' }, SILENT).inputs).toBe("quoted");
    expect(parseInferenceOptions({ inputs: "42" }, SILENT).inputs).toBe("42");
  });

  it.each([
    [{ provider: "nope" }, "provider"],
    [{ colour: "red" }, "colour"],
    [{ streaming: "yes" }, "streaming"],
    [{ temperature: "hot" }, "temperature"],
    [{ temperature: -1 }, "temperature"],
    [{ top_p: 2 }, "top_p"],
    [{ max_tokens: 1.5 }, "max_tokens"],
    [{ max_tokens: "" }, "max_tokens"],
    [{ billTo: "" }, "billTo"],
    [{ accessToken: 42 }, "accessToken"],
    [{ endpointUrl: "ftp://x" }, "endpointUrl"],
    [{ endpointUrl: "not a url" }, "endpointUrl"],
    [{ messages: "[" }, "messages"],
    [{ messages: "[]" }, "messages"],
    [{ messages: '[{"role": "user"}]' }, "messages"],
    [{ messages: '[{"role": "user", "content": [{"type": "video"}]}]' }, "messages"],
    [{ inputs: 42 }, "inputs"],
    [{ "max-tokens": "x" }, "max_tokens"],
  ])("%j is rejected, naming %s", (raw, option) => {
    expect(optionOf(raw)).toBe(option);
  });

  it("names an unknown provider in the message", () => {
    expect(() => parseInferenceOptions({ provider: "acme-cloud" }, SILENT)).toThrow(/Unknown provider "acme-cloud"/);
  });
});
