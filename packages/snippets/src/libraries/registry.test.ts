import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { LibraryEntry } from "./library-entry.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";

// The facts file travels with the package, so a fresh clone holds everything this test reads.
const TSV = new URL("./fixtures/libraries.tsv", import.meta.url);
const entries = Object.entries(LIBRARIES) as Array<[LibraryKey, LibraryEntry]>;

function readTsv(): Array<Record<string, string>> {
  const [header, ...rows] = readFileSync(TSV, "utf8").replace(/\n+$/, "").split("\n");
  const columns = (header ?? "").split("\t");
  return rows.map((row) => Object.fromEntries(row.split("\t").map((value, i) => [columns[i], value])));
}

describe("library registry", () => {
  it("is sorted by key, case-insensitively", () => {
    const keys = entries.map(([key]) => key);
    const sorted = [...keys].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it("holds every library of fixtures/libraries.tsv with the same facts, plus contexttab", () => {
    const rows = readTsv();
    expect(rows).toHaveLength(257);
    for (const row of rows) {
      const entry = (LIBRARIES as Record<string, LibraryEntry>)[row.key ?? ""];
      expect(entry, row.key).toBeDefined();
      expect({
        prettyLabel: entry?.prettyLabel,
        repoName: entry?.repoName,
        repoUrl: entry?.repoUrl,
        docsUrl: entry?.docsUrl ?? "",
        filter: String(entry?.filter),
        countDownloads: entry?.countDownloads ?? "",
        hasSnippets: entry?.snippets ? "yes" : "no",
      }).toEqual({
        prettyLabel: row.prettyLabel,
        repoName: row.repoName,
        repoUrl: row.repoUrl,
        docsUrl: row.docsUrl,
        filter: row.filter,
        countDownloads: row.countDownloads,
        hasSnippets: row.hasSnippets,
      });
    }
    expect(entries).toHaveLength(258);
    expect(LIBRARIES.contexttab).toMatchObject({
      prettyLabel: "ConTextTab",
      repoUrl: "https://github.com/SAP-samples/contexttab",
      countDownloads: 'path_extension:"pt"',
    });
    expect(typeof LIBRARIES.contexttab.snippets).toBe("function");
  });

  it("has 126 libraries with snippets", () => {
    expect(entries.filter(([, e]) => typeof e.snippets === "function")).toHaveLength(126);
  });

  it("derives LibraryKey from the table", () => {
    expectTypeOf<"transformers">().toExtend<LibraryKey>();
    expectTypeOf<"contexttab">().toExtend<LibraryKey>();
    expectTypeOf<"not-a-library">().not.toExtend<LibraryKey>();
  });
});
