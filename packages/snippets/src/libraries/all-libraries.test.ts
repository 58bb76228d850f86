// One table-driven test over every registry entry with snippets, across the fixture models.
import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import { parseSnippets } from "../test-utils/parse-check.js";
import { LIBRARY_FIXTURES } from "./fixtures/index.js";
import type { LibraryEntry } from "./library-entry.js";
import { declaredLanguages } from "./library-snippets.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";
import { snippetLanguage } from "./snippet-language.js";

const WITH_SNIPPETS = (Object.entries(LIBRARIES) as Array<[LibraryKey, LibraryEntry]>).filter(
  (row): row is [LibraryKey, Required<Pick<LibraryEntry, "snippets">> & LibraryEntry] => row[1].snippets !== undefined,
);

/** The plain record every library is tried with, besides its family's fixtures. */
function baseModel(key: LibraryKey): ModelRecord {
  return { id: "acme/demo-model", library_name: key, tags: [key], downloads: 10, likes: 1 };
}

function casesFor(key: LibraryKey): Array<{ name: string; model: ModelRecord }> {
  return [
    { name: `${key}-base`, model: baseModel(key) },
    ...LIBRARY_FIXTURES.filter((f) => f.model.library_name === key),
  ];
}

const cases = WITH_SNIPPETS.flatMap(([key, entry]) =>
  casesFor(key).map(({ name, model }) => {
    const snippets = entry.snippets(model);
    return { key, name, model, snippets };
  }),
);
const flat = cases.flatMap((c) =>
  c.snippets.map((code) => ({ name: c.name, language: snippetLanguage(code), code, id: c.model.id })),
);
const parsed = parseSnippets(flat);

describe("every library with snippets", () => {
  it.each(WITH_SNIPPETS.map(([key]) => key))("%s returns code that names the model", (key) => {
    for (const c of cases.filter((x) => x.key === key)) {
      expect(c.snippets.length, c.name).toBeGreaterThan(0);
      for (const code of c.snippets) {
        expect(typeof code, c.name).toBe("string");
        expect(code.trim(), c.name).not.toBe("");
        expect(code, c.name).not.toMatch(/undefined|\[object Object\]|NaN/);
      }
      expect(c.snippets.join("\n"), `${c.name} mentions ${c.model.id}`).toContain(c.model.id);
    }
  });

  it(`every snippet parses in its language (${flat.length} snippets)`, () => {
    const failures = flat
      .map((item, i) => ({ ...item, error: parsed[i]?.error }))
      .filter((item) => item.error)
      .map((item) => `${item.name} [${item.language}]: ${item.error}\n${item.code}`);
    expect(failures).toEqual([]);
  });

  it("every snippet is in the language its library declares (the panel tells it without reading the code)", () => {
    const wrong = cases.flatMap(({ key, name, snippets }) => {
      const declared = declaredLanguages((LIBRARIES[key] as LibraryEntry).snippetLanguages ?? [], snippets.length);
      return snippets.flatMap((code, i) =>
        declared[i] === snippetLanguage(code)
          ? []
          : [`${name} #${i}: ${declared[i]}, written ${snippetLanguage(code)}`],
      );
    });
    expect(wrong).toEqual([]);
  });

  it("declares snippet languages exactly for the libraries with snippets", () => {
    const entries = Object.entries(LIBRARIES) as Array<[LibraryKey, LibraryEntry]>;
    const mismatched = entries.filter(([, e]) => (e.snippets === undefined) !== (e.snippetLanguages === undefined));
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it("python snippets are indented with spaces, never tabs", () => {
    const tabbed = flat.filter((item) => item.language === "python" && item.code.includes("\t")).map((i) => i.name);
    expect(tabbed).toEqual([]);
  });

  it("fixture names are unique and belong to libraries with snippets", () => {
    const names = LIBRARY_FIXTURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of LIBRARY_FIXTURES) {
      expect(
        WITH_SNIPPETS.some(([key]) => key === f.model.library_name),
        f.name,
      ).toBe(true);
    }
  });
});

describe("golden files", () => {
  it.each(LIBRARY_FIXTURES.map((f) => [f.name, f] as const))("%s", async (name, fixture) => {
    const entry = LIBRARIES[fixture.model.library_name as LibraryKey] as LibraryEntry;
    const snippets = entry.snippets?.(fixture.model) ?? [];
    const text = snippets.map((code) => `---- ${snippetLanguage(code)}\n${code}\n`).join("\n");
    await expect(text).toMatchFileSnapshot(`./fixtures/golden/${name}.txt`);
  });
});
