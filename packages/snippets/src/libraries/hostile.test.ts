// Hostile model records: every user-controlled value must stay inside its string literal.
import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import { parseSnippets, shellPayloadRan } from "../test-utils/parse-check.js";
import { LIBRARY_FIXTURES } from "./fixtures/index.js";
import type { LibraryEntry } from "./library-entry.js";
import { declaredLanguages } from "./library-snippets.js";
import { LIBRARIES, type LibraryKey } from "./registry.js";
import { snippetLanguage } from "./snippet-language.js";

/** Breaks out of any string literal or comment it is pasted into raw; every escape must hold it. */
export const HOSTILE =
  "x\"+PWNED_JS+\"'+PWNED_JS+'\"\"\"+PWNED_PY+\"\"\"'''+PWNED_PY+'''\\\n" +
  "PWNED_PY()\n${PWNED_JS}`+PWNED_JS+`$(echo >PWNED_SH1)`echo >PWNED_SH2`'$(echo >PWNED_SH3)'</script><img src=x onerror=PWNED_JS()>";

function hostile(model: ModelRecord): ModelRecord {
  const swap = (value: unknown): unknown => {
    if (typeof value === "string") return `${value}${HOSTILE}`;
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    }
    return value;
  };
  return {
    ...model,
    id: `${model.id}${HOSTILE}`,
    widgetData: (model.widgetData ?? [{ text: "Hello", source_sentence: "A", sentences: ["B"] }]).map(
      (w) => swap(w) as NonNullable<ModelRecord["widgetData"]>[number],
    ),
    config: model.config
      ? (Object.fromEntries(
          Object.entries(model.config).map(([k, v]) =>
            // Names used as identifiers are validated, not escaped; keep them so the branch is still exercised.
            k === "architectures" || k === "keras_hub" ? [k, v] : [k, swap(v)],
          ),
        ) as ModelRecord["config"])
      : undefined,
  };
}

const keys = (Object.entries(LIBRARIES) as Array<[LibraryKey, LibraryEntry]>)
  .filter(([, e]) => e.snippets)
  .map(([k]) => k);
const models = keys.flatMap((key) => [
  { name: `${key}-hostile`, model: hostile({ id: "acme/demo", library_name: key, tags: [key] }) },
  ...LIBRARY_FIXTURES.filter((f) => f.model.library_name === key).map((f) => ({
    name: `${f.name}-hostile`,
    model: hostile(f.model),
  })),
]);
const items = models.flatMap(({ name, model }) => {
  const entry = LIBRARIES[model.library_name as LibraryKey] as LibraryEntry;
  const snippets = entry.snippets?.(model) ?? [];
  const declared = declaredLanguages(entry.snippetLanguages ?? [], snippets.length);
  return snippets.map((code, i) => ({ name, code, language: snippetLanguage(code), declared: declared[i] }));
});
const parsed = parseSnippets(items);

describe("hostile model records", () => {
  it(`every snippet still parses (${items.length} snippets)`, () => {
    const failures = items
      .map((item, i) => ({ ...item, error: parsed[i]?.error }))
      .filter((item) => item.error)
      .map((item) => `${item.name} [${item.language}]: ${item.error}\n${item.code}`);
    expect(failures).toEqual([]);
  });

  it("every snippet is still in the language its library declares", () => {
    const wrong = items.filter((item) => item.declared !== item.language);
    expect(wrong.map((item) => `${item.name}: ${item.declared}, written ${item.language}\n${item.code}`)).toEqual([]);
  });

  it("no name from the payload becomes code in python or js", () => {
    const leaks = items
      .map((item, i) => ({ ...item, names: parsed[i]?.names ?? [] }))
      .filter((item) => item.names.some((n) => n.startsWith("PWNED")))
      .map((item) => `${item.name} [${item.language}]\n${item.code}`);
    expect(leaks).toEqual([]);
  });

  it("the payload never runs in shell snippets", () => {
    const ran = items.filter((item) => item.language === "sh" && shellPayloadRan(item.code, "PWNED_SH"));
    expect(ran.map((item) => `${item.name}\n${item.code}`)).toEqual([]);
  });
});
