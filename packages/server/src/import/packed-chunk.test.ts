import { describe, expect, it } from "vitest";
import { ROW_COLUMNS } from "../store/row-writer.js";
import { packChunk, unpackChunk } from "./packed-chunk.js";
import { type ParsedChunk, parsedLine } from "./parse-model-line.js";

const NOW = new Date("2025-01-01T00:00:00.000Z");

describe("packChunk", () => {
  it("gives back every line, its row column by column, through the flat form", () => {
    const chunk: ParsedChunk = [
      parsedLine(JSON.stringify({ id: "org/one", library_name: "timm", tags: ["a"], likes: 2, config: {} }), NOW),
      parsedLine("", NOW),
      parsedLine("{not json", NOW),
      parsedLine(JSON.stringify({ id: "org/two", pipeline_tag: "fill-mask", downloads: 7 }), NOW),
    ];
    expect(chunk.map((line) => (line === null ? null : line.ok))).toEqual([true, null, false, true]);
    const packed = packChunk(chunk);
    expect(packed.values).toHaveLength(2 * ROW_COLUMNS.length);
    expect(unpackChunk(structuredClone(packed))).toEqual(chunk);
  });

  it("keeps each column in its own place", () => {
    // A distinct value per column: a row made back with two columns swapped, or one left out, differs.
    const row = Object.fromEntries(ROW_COLUMNS.map((column) => [column, `value of ${column}`]));
    const unpacked = unpackChunk(packChunk([{ ok: true, row: row as never }]));
    expect(unpacked).toStrictEqual([{ ok: true, row }]);
  });
});
