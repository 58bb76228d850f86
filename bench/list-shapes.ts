// Every shape of `GET /api/models` the API accepts: each subset of its filters × each sort × each direction, taken
// from the server's own parameter list (LIST_FILTER_PARAMS, LIST_SORTS, LIST_DIRECTIONS) so a new filter or sort is
// measured without editing this file; and, per shape, distinct requests whose values are drawn from the catalog.
import { LIST_DIRECTIONS, LIST_FILTER_PARAMS, LIST_SORTS, type ListFilterParam } from "@modelhub/server";
import type { ModelRecord } from "@modelhub/snippets";
import type { Random } from "./random.js";

/** One shape: which filters are set, the sort and the direction. */
export interface ListShape {
  /** The filters set (none: the unfiltered list). */
  filters: readonly ListFilterParam[];
  /** `sort` value. */
  sort: string;
  /** `direction` value. */
  direction: string;
}

/** Every subset of the filters (the empty one first, then by size), each with every sort and direction. */
export function listShapes(): ListShape[] {
  const subsets: ListFilterParam[][] = [];
  for (let mask = 0; mask < 2 ** LIST_FILTER_PARAMS.length; mask++) {
    subsets.push(LIST_FILTER_PARAMS.filter((_, i) => (mask >> i) & 1));
  }
  subsets.sort((a, b) => a.length - b.length);
  return subsets.flatMap((filters) =>
    LIST_SORTS.flatMap((sort) => LIST_DIRECTIONS.map((direction) => ({ filters, sort, direction }))),
  );
}

/** The filter part of a shape's name, e.g. "library + pipeline_tag"; "none" for the unfiltered list. */
export function filtersLabel(filters: readonly ListFilterParam[]): string {
  return filters.length === 0 ? "none" : filters.map((f) => f.param).join(" + ");
}

/** True when the shape searches ids (its target is the search target). */
export function searches(shape: ListShape): boolean {
  return shape.filters.some((f) => f.match === "idContains");
}

const NO_MATCH_LETTERS = "qxzj";

// The value `filter` takes from `record`, or undefined when the record has none.
function filterValue(filter: ListFilterParam, record: ModelRecord, random: Random): string | undefined {
  switch (filter.match) {
    case "equals": {
      const value = filter.field === "author" ? record.id.split("/")[0] : record[filter.field as keyof ModelRecord];
      return typeof value === "string" && value !== "" ? value : undefined;
    }
    case "hasTag":
      return record.tags.length > 0 ? random.pick(record.tags) : undefined;
    case "idContains": {
      // 1 in 10 terms match nothing; the others are substrings (3–8 characters) of a real id.
      if (random.chance(0.1))
        return Array.from({ length: 4 + random.int(3) }, () => random.pick([...NO_MATCH_LETTERS])).join("");
      const length = Math.min(record.id.length, 3 + random.int(6));
      const start = random.int(record.id.length - length + 1);
      return record.id.slice(start, start + length);
    }
  }
}

// A record with a value for every filter of the shape (a few tries; rare fields are then taken from other records).
function baseRecord(shape: ListShape, sample: readonly ModelRecord[], random: Random): ModelRecord {
  let record = random.pick(sample);
  for (let i = 0; i < 50; i++) {
    if (shape.filters.every((f) => f.match !== "equals" || filterValue(f, record, random) !== undefined)) return record;
    record = random.pick(sample);
  }
  return record;
}

/**
 * `count` distinct request paths of `shape`. The values of one request come from one record of `sample`, so they
 * match together; one value in five (after the first) comes from another record, so rare and empty combinations
 * are timed too. `seen` holds every path issued so far: no two requests of a run are the same (none is a cache hit).
 */
export function shapeRequests(
  shape: ListShape,
  sample: readonly ModelRecord[],
  random: Random,
  count: number,
  seen: Set<string>,
): string[] {
  const out: string[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 50; attempt++) {
    const record = baseRecord(shape, sample, random);
    const params = new URLSearchParams();
    shape.filters.forEach((filter, i) => {
      const from = i > 0 && random.chance(0.2) ? baseRecord(shape, sample, random) : record;
      params.set(filter.param, filterValue(filter, from, random) ?? filterValue(filter, record, random) ?? "none");
    });
    params.set("sort", shape.sort);
    params.set("direction", shape.direction);
    // Where the values repeat (the unfiltered list has none), the page size varies so the request stays distinct.
    for (let limit = 30; limit <= 100; limit++) {
      params.set("limit", String(limit));
      const path = `/api/models?${params}`;
      if (!seen.has(path)) {
        seen.add(path);
        out.push(path);
        break;
      }
    }
  }
  return out;
}
