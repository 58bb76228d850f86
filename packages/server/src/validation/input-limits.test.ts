import { describe, expect, it } from "vitest";
import { parseModelLine } from "../import/parse-model-line.js";
import { jsonProblem, jsonTextIsPlain, MAX_JSON_DEPTH, MAX_JSON_STRING } from "./input-limits.js";

const record = JSON.stringify({
  id: "acme/tiny-llama",
  library_name: "transformers",
  tags: ["text-generation", "license:mit"],
  config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
  downloads: 12,
});

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

// Each text holds one thing jsonProblem refuses.
const refused = {
  "an escaped NUL": '{"id":"a/b","tags":["x\\u0000"]}',
  "an escaped control in a key": '{"a\\nb":1}',
  "a raw C1 control": '{"id":"a/b","tags":["x\u0085"]}',
  "a prototype key": '{"config":{"__proto__":{"x":1}}}',
  "a constructor key": '{"config":{"constructor":1}}',
  "nesting past the limit": nested(MAX_JSON_DEPTH + 1),
  "a string past the limit": JSON.stringify(["x".repeat(MAX_JSON_STRING + 1)]),
};

describe("jsonTextIsPlain", () => {
  it("accepts a plain record, whose value the limits accept", () => {
    expect(jsonTextIsPlain(record)).toBe(true);
    expect(jsonProblem(JSON.parse(record))).toBeNull();
  });

  it.each(Object.entries(refused))("never accepts a text with %s", (_what, text) => {
    expect(jsonProblem(JSON.parse(text))).not.toBeNull();
    expect(jsonTextIsPlain(text)).toBe(false);
  });

  it("accepts nesting up to the limit and no further", () => {
    expect(jsonTextIsPlain(nested(MAX_JSON_DEPTH))).toBe(true);
    expect(jsonProblem(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeNull();
    expect(jsonTextIsPlain(nested(MAX_JSON_DEPTH + 1))).toBe(false);
  });

  it("leaves a harmless escape to the full check", () => {
    const quoted = '{"id":"a/b","tags":["say \\"hi\\""]}';
    expect(jsonTextIsPlain(quoted)).toBe(false);
    expect(jsonProblem(JSON.parse(quoted))).toBeNull();
  });
});

describe("an import line", () => {
  it.each(Object.entries(refused).filter(([what]) => what !== "nesting past the limit"))(
    "with %s is rejected naming the problem",
    (_what, text) => {
      const parsed = parseModelLine(text, new Date());
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/control|not allowed|at most/);
    },
  );

  it("that is plain is stored as its row", () => {
    const parsed = parseModelLine(record, new Date("2026-01-01T00:00:00.000Z"));
    expect(parsed.ok && parsed.row.id).toBe("acme/tiny-llama");
  });
});
