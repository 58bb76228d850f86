import { describe, expect, it } from "vitest";
import { hasCompositeIndex } from "./index-choice.js";

describe("hasCompositeIndex", () => {
  it("finds an index of exactly the filters, in any order, followed by the sort", () => {
    expect(hasCompositeIndex(["library_name"], "likes")).toBe(true);
    expect(hasCompositeIndex(["pipeline_tag", "library_name"], "downloads")).toBe(true);
    expect(hasCompositeIndex(["library_name", "pipeline_tag"], "likes")).toBe(true);
    expect(hasCompositeIndex(["library_name", "author"], "likes")).toBe(false);
    expect(hasCompositeIndex(["author"], "downloads")).toBe(true);
    expect(hasCompositeIndex(["author"], "likes")).toBe(true);
    expect(hasCompositeIndex(["author"], "id")).toBe(false);
    expect(hasCompositeIndex([], "downloads")).toBe(true);
  });
});
