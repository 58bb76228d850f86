import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "./front-matter.js";
import { ModelFileError } from "./model-file-error.js";

describe("splitFrontMatter", () => {
  it("cuts the YAML between the fences from the body", () => {
    expect(splitFrontMatter("---\nlicense: mit\n---\n# Title\n")).toEqual({
      yaml: "license: mit",
      body: "# Title\n",
      yamlLineOffset: 1,
    });
  });

  it("accepts CRLF line ends, a byte-order mark and YAML's `...` end marker", () => {
    expect(splitFrontMatter("\uFEFF---\r\na: 1\r\n...\r\nbody")).toMatchObject({ yaml: "a: 1\r", body: "body" });
  });

  it("reads a card without front matter as all body", () => {
    expect(splitFrontMatter("# Title\n---\nnot: yaml\n---\n")).toEqual({
      yaml: null,
      body: "# Title\n---\nnot: yaml\n---\n",
      yamlLineOffset: 0,
    });
  });

  it("takes an empty front matter as empty YAML", () => {
    expect(splitFrontMatter("---\n---\nbody")).toMatchObject({ yaml: "", body: "body" });
  });

  it("ends at the first fence line alone: a closing fence at the end of the file, a fence inside text", () => {
    expect(splitFrontMatter("---\na: 1\n---")).toMatchObject({ yaml: "a: 1", body: "" });
    expect(splitFrontMatter("---\na: ---\n--- \t\nb\n---\n")).toMatchObject({ yaml: "a: ---", body: "b\n---\n" });
    expect(splitFrontMatter("---\na: 1\r---\n...\nbody")).toMatchObject({ yaml: "a: 1\r---", body: "body" });
  });

  it("refuses an unclosed front matter, naming the file", () => {
    expect(() => splitFrontMatter("---\nlicense: mit\n# Title\n")).toThrow(ModelFileError);
    expect(() => splitFrontMatter("---\nlicense: mit\n")).toThrow("README.md: front matter opened with '---'");
  });
});
