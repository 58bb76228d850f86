import { describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import { completeModel } from "./complete-model.js";

const now = new Date("2026-01-02T03:04:05.000Z");

describe("completeModel", () => {
  it("fills in the namespace, counters and dates a record leaves out", () => {
    const model = completeModel({ id: "acme/tiny" }, { now });
    expect(model).toMatchObject({
      author: "acme",
      tags: [],
      downloads: 0,
      likes: 0,
      createdAt: "2026-01-02T03:04:05.000Z",
      lastModified: "2026-01-02T03:04:05.000Z",
    });
  });

  it("keeps the replaced record's creation date when the new one gives none", () => {
    const model = completeModel({ id: "acme/tiny" }, { now, previousCreatedAt: "2020-05-06T07:08:09.000Z" });
    expect(model.createdAt).toBe("2020-05-06T07:08:09.000Z");
  });

  it("spells dates with an offset in UTC", () => {
    const model = completeModel({ id: "acme/tiny", lastModified: "2024-03-01T12:00:00+02:00" }, { now });
    expect(model.lastModified).toBe("2024-03-01T10:00:00.000Z");
  });

  it("drops repeated tags, keeping each tag's first place", () => {
    expect(completeModel({ id: "acme/tiny", tags: ["a", "b", "a", "c", "b"] }, { now }).tags).toEqual(["a", "b", "c"]);
  });

  it("drops repeats from a long list of tags too", () => {
    const tags = Array.from({ length: 40 }, (_, i) => `t${i}`);
    const model = completeModel({ id: "acme/tiny", tags: [...tags, "t3", "t39"] }, { now });
    expect(model.tags).toEqual(tags);
  });

  it("hands back a list without repeats as it is", () => {
    const tags = ["a", "b", "c"];
    expect(completeModel({ id: "acme/tiny", tags }, { now }).tags).toBe(tags);
  });

  // The stored JSON text follows this order, and a re-import compares texts: a new order would rewrite every row once.
  it("keeps the record's fields in place and adds the missing ones after them", () => {
    const model = completeModel({ id: "acme/tiny", likes: 3, library_name: "timm", tags: ["x"] }, { now });
    expect(Object.keys(model)).toEqual([
      "id",
      "likes",
      "library_name",
      "tags",
      "author",
      "downloads",
      "createdAt",
      "lastModified",
    ]);
  });

  it("refuses an author other than the id's namespace", () => {
    expect(() => completeModel({ id: "acme/tiny", author: "other" }, { now })).toThrow(HubError);
    expect(() => completeModel({ id: "acme/tiny", author: "other" }, { now })).toThrow(
      /must be the id's namespace "acme"/,
    );
  });
});
