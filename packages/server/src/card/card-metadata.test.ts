import { describe, expect, it } from "vitest";
import { parseCardMetadata } from "./card-metadata.js";
import { ModelFileError } from "./model-file-error.js";

function failure(text: string): ModelFileError {
  try {
    parseCardMetadata(text);
  } catch (error) {
    if (error instanceof ModelFileError) return error;
    throw error;
  }
  throw new Error("expected a ModelFileError");
}

describe("parseCardMetadata", () => {
  it("reads the record fields from the front matter", () => {
    const card = [
      "---",
      "library_name: transformers",
      "pipeline_tag: text-generation",
      "tags: [llama, conversational]",
      "license: apache-2.0",
      "base_model: meta-llama/Llama-3.1-8B",
      "datasets:",
      "  - acme/chat",
      "  - acme/code",
      "widget:",
      "  - text: Hello, my name is",
      "    example_title: Greeting",
      "model-index: [{name: tiny}]",
      "---",
      "# Tiny",
      "",
    ].join("\n");
    expect(parseCardMetadata(card)).toEqual({
      frontMatter: {
        library_name: "transformers",
        pipeline_tag: "text-generation",
        tags: ["llama", "conversational"],
        license: "apache-2.0",
        base_model: "meta-llama/Llama-3.1-8B",
        datasets: ["acme/chat", "acme/code"],
        widget: [{ text: "Hello, my name is", example_title: "Greeting" }],
        "model-index": [{ name: "tiny" }],
      },
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: [
        "llama",
        "conversational",
        "license:apache-2.0",
        "base_model:meta-llama/Llama-3.1-8B",
        "dataset:acme/chat",
        "dataset:acme/code",
      ],
      widgetData: [{ text: "Hello, my name is", example_title: "Greeting" }],
      body: "# Tiny\n",
    });
  });

  it("takes a single string where a list is expected, and drops duplicate tags", () => {
    const card = parseCardMetadata("---\ntags: audio\nbase_model: [a/b, a/b]\ndatasets: x/y\n---\n");
    expect(card.tags).toEqual(["audio", "base_model:a/b", "dataset:x/y"]);
  });

  it("reads a card without front matter as no fields", () => {
    expect(parseCardMetadata("# Just text\n")).toEqual({ frontMatter: {}, tags: [], body: "# Just text\n" });
    expect(parseCardMetadata("---\n---\nbody")).toEqual({ frontMatter: {}, tags: [], body: "body" });
  });

  it("keeps YAML 1.2 core types: dates stay text, no custom tags", () => {
    const card = parseCardMetadata("---\nreleased: 2024-01-01\nversion: 1.10\n---\n");
    expect(card.frontMatter).toEqual({ released: "2024-01-01", version: 1.1 });
  });

  it("names the line of invalid YAML in README.md", () => {
    const error = failure("---\nlicense: mit\ntags: [a, b\n---\n");
    expect(error.file).toBe("README.md");
    expect(error.field).toBeNull();
    expect(error.message).toMatch(/^README\.md: front matter is not valid YAML on line \d+, column \d+: /);
    expect(error.code).toBe("bad_request");
  });

  it("refuses duplicate keys", () => {
    expect(failure("---\nlicense: mit\nlicense: apache-2.0\n---\n").message).toContain("Map keys must be unique");
  });

  it("refuses a front matter that is not a mapping", () => {
    expect(failure("---\n- a\n- b\n---\n").message).toBe("README.md: front matter must be a YAML mapping of fields");
  });

  it("stops alias expansion bombs", () => {
    const bomb = [
      "---",
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
      "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]",
      "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]",
      "---",
    ].join("\n");
    expect(failure(bomb).message).toMatch(/^README\.md: front matter is not usable YAML: .*alias/i);
  });

  it.each([
    ["tags: [ok, 3]", "tags.1"],
    ["tags: {a: 1}", "tags"],
    ["library_name: [transformers]", "library_name"],
    ["pipeline_tag: ''", "pipeline_tag"],
    ["license: 42", "license"],
    ["base_model: [a/b, {x: 1}]", "base_model.1"],
    ["datasets: 7", "datasets"],
    ["widget: hello", "widget"],
    ["widget: [{text: [1, 2]}]", "widget.0.text"],
    ["widget: [{sentences: [a, 3]}]", "widget.0.sentences.1"],
  ])("names the bad field of %j", (line, field) => {
    const error = failure(`---\n${line}\n---\n`);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(new RegExp(`^README\\.md: field "${field.replace(/\./g, "\\.")}": `));
  });
});
