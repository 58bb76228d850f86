import { describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { nextPageLink } from "./link-header.js";

function raw(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("page cursors", () => {
  it("round-trips each kind of sort value, opaquely", () => {
    const cases = [
      ["downloads", -1, { value: 42, seq: 7 }],
      ["lastModified", 1, { value: "2024-01-02T03:04:05.000Z", seq: 1 }],
      ["id", -1, { value: "org/model", seq: 3 }],
    ] as const;
    for (const [sort, direction, position] of cases) {
      const cursor = encodeCursor(sort, direction, position);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor, sort, direction)).toEqual(position);
    }
  });

  it.each([
    ["not base64 json", "downloads", "%%%"],
    ["not an array", "downloads", raw({ a: 1 })],
    ["a wrong arity", "downloads", raw(["downloads", -1, 1])],
    ["a negative count", "downloads", raw(["downloads", -1, -5, 1])],
    ["a fractional seq", "downloads", raw(["downloads", -1, 5, 1.5])],
    ["a date in another form", "lastModified", raw(["lastModified", -1, "2024-01-02", 1])],
    ["an invalid id", "id", raw(["id", -1, "bad id", 1])],
    ["too long", "downloads", "a".repeat(600)],
  ] as const)("refuses %s with a 400 naming the cursor", (_, sort, text) => {
    expect(() => decodeCursor(text, sort, -1)).toThrow(HubError);
    expect(() => decodeCursor(text, sort, -1)).toThrow(/parameter "cursor": is not a cursor/);
  });

  it("marks a cursor of the page before a position", () => {
    const cursor = encodeCursor("likes", -1, { value: 3, seq: 2 }, "before");
    expect(decodeCursor(cursor, "likes", -1)).toEqual({ value: 3, seq: 2, before: true });
    expect(() => decodeCursor(raw(["likes", -1, 3, 2, "after"]), "likes", -1)).toThrow(/is not a cursor/);
  });

  it("marks a position among a search's card matches, with or without before", () => {
    const card = { value: 3, seq: 2, part: "card" as const };
    expect(decodeCursor(encodeCursor("likes", -1, card), "likes", -1)).toEqual(card);
    expect(decodeCursor(encodeCursor("likes", -1, card, "before"), "likes", -1)).toEqual({ ...card, before: true });
    for (const flags of [
      ["card", "before"],
      ["card", "card"],
      ["before", "before"],
      ["card", "id"],
    ]) {
      expect(() => decodeCursor(raw(["likes", -1, 3, 2, ...flags]), "likes", -1)).toThrow(/is not a cursor/);
    }
  });

  it("refuses a cursor of another sort or direction", () => {
    const cursor = encodeCursor("likes", -1, { value: 3, seq: 2 });
    expect(() => decodeCursor(cursor, "downloads", -1)).toThrow(/another sort or direction/);
    expect(() => decodeCursor(cursor, "likes", 1)).toThrow(/another sort or direction/);
  });

  it("builds an absolute next link that keeps the other parameters and replaces the cursor", () => {
    expect(nextPageLink("http://hub:8080", "/api/models?library=timm&cursor=old&limit=2", "new")).toBe(
      '<http://hub:8080/api/models?library=timm&cursor=new&limit=2>; rel="next"',
    );
  });
});
