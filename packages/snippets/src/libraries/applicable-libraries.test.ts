import { describe, expect, it } from "vitest";
import { applicableLibraries, isLibraryKey } from "./applicable-libraries.js";

describe("applicableLibraries", () => {
  it("puts library_name first, then registry keys found in the tags, in registry order", () => {
    expect(
      applicableLibraries({
        library_name: "transformers",
        tags: ["safetensors", "peft", "transformers", "diffusers", "en"],
      }),
    ).toEqual(["transformers", "diffusers", "peft"]);
  });

  it("lists a tag once and ignores tags that are not libraries", () => {
    expect(applicableLibraries({ tags: ["timm", "timm", "pytorch", "image-classification"] })).toEqual(["timm"]);
  });

  it("ignores an unknown library_name", () => {
    expect(applicableLibraries({ library_name: "not-a-library", tags: ["keras"] })).toEqual(["keras"]);
    expect(applicableLibraries({ tags: [] })).toEqual([]);
  });

  it("does not treat inherited object names as libraries", () => {
    expect(isLibraryKey("constructor")).toBe(false);
    expect(applicableLibraries({ library_name: "__proto__", tags: ["toString"] })).toEqual([]);
  });
});
