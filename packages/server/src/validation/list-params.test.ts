import { describe, expect, it } from "vitest";
import { SORT_KEY_NAMES } from "../store/sort-keys.js";
import { LIST_DIRECTIONS, LIST_FILTER_PARAMS, LIST_ORDER_PARAMS } from "./list-params.js";
import { listQuerySchema, parseListQuery } from "./list-query.js";

describe("the list parameters as data", () => {
  it("name every parameter the list accepts, each once: a new one must say how it matches", () => {
    const described = [...LIST_FILTER_PARAMS.map((f) => f.param), ...LIST_ORDER_PARAMS];
    expect(new Set(described).size).toBe(described.length);
    expect([...described].sort()).toEqual(Object.keys(listQuerySchema.shape).sort());
  });

  it("are what the list accepts: every sort and direction parses, every filter reaches the query", () => {
    for (const sort of SORT_KEY_NAMES) {
      for (const direction of LIST_DIRECTIONS) {
        const query = parseListQuery({ sort, direction });
        expect([query.sort, query.direction]).toEqual([sort, Number(direction)]);
      }
    }
    const raw = Object.fromEntries(LIST_FILTER_PARAMS.map((f) => [f.param, "x"]));
    const query = parseListQuery(raw);
    expect(query).toMatchObject({ search: "x", author: "x", library: "x", pipelineTag: "x", tags: ["x"] });
  });
});
