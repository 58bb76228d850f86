import { describe, expect, it } from "vitest";
import { ALL_CHANGED, changeOf, decodeChange, encodeChange, MAX_IDS_PER_CHANGE } from "./change-feed.js";

describe("change messages", () => {
  it("carry the written model ids and the sender, and read back", () => {
    const text = encodeChange("abc", { models: ["acme/one", "acme/two"] });
    expect(decodeChange(text)).toEqual({ origin: "abc", change: { models: ["acme/one", "acme/two"] } });
    expect(decodeChange(encodeChange("abc", ALL_CHANGED))).toEqual({ origin: "abc", change: ALL_CHANGED });
  });

  it("say everything changed when they cannot be read", () => {
    for (const text of ["", "not json", '{"m":[1,2]}', "[]", "null"]) {
      expect(decodeChange(text).change).toEqual(ALL_CHANGED);
    }
  });

  it("name at most a few ids: a write touching many says everything, which stays under NOTIFY's 8000 bytes", () => {
    expect(changeOf(["a/b", "a/b", "c/d"])).toEqual({ models: ["a/b", "c/d"] });
    const many = Array.from({ length: MAX_IDS_PER_CHANGE + 1 }, (_, i) => `org/model-${i}`);
    expect(changeOf(many)).toEqual(ALL_CHANGED);
    const longest = Array.from({ length: MAX_IDS_PER_CHANGE }, (_, i) => `${"o".repeat(96)}/${"m".repeat(90)}${i}`);
    expect(changeOf(longest)).toEqual(ALL_CHANGED);
    const fitting = longest.slice(0, 25);
    expect(changeOf(fitting)).toEqual({ models: fitting });
    expect(Buffer.byteLength(encodeChange("abcdefgh", changeOf(fitting)))).toBeLessThan(8000);
  });
});
