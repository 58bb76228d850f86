import { describe, expect, it } from "vitest";
import { mayRead } from "./visibility.js";

describe("mayRead (the check of a list page read with hidden models excluded by key)", () => {
  it("lets anyone read a public model, members read their namespace's private ones, admins read all", () => {
    expect(mayRead({ private: 0, author: "acme" })).toBe(true);
    expect(mayRead({ private: 1, author: "acme" })).toBe(false);
    expect(mayRead({ private: 1, author: "acme" }, { namespaces: ["other"] })).toBe(false);
    expect(mayRead({ private: 1, author: "acme" }, { namespaces: ["other", "acme"] })).toBe(true);
    expect(mayRead({ private: 1, author: "acme" }, { all: true })).toBe(true);
  });
});
