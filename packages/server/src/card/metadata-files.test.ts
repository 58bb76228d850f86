import { describe, expect, it } from "vitest";
import { applyMetadataFile, isMetadataFile } from "./metadata-files.js";

describe("metadata files", () => {
  it("knows README.md and config.json at the repository root only", () => {
    expect(isMetadataFile("README.md")).toBe(true);
    expect(isMetadataFile("config.json")).toBe(true);
    for (const path of ["readme.md", "docs/README.md", "onnx/config.json", "toString", "__proto__"]) {
      expect(isMetadataFile(path), path).toBe(false);
    }
  });

  it("applies each file to the record", () => {
    const record = { id: "acme/tiny", tags: [] };
    expect(applyMetadataFile(record, "README.md", "---\nlibrary_name: keras\n---\n")).toMatchObject({
      library_name: "keras",
    });
    expect(applyMetadataFile(record, "config.json", '{"model_type": "bert"}')).toMatchObject({
      config: { model_type: "bert" },
    });
  });
});
