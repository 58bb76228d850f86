// The trigrams a search asks the FTS5 index for: every one, or a few that still cover every character of the term.
import { describe, expect, it } from "vitest";
import { coveringTrigrams, distinctTrigrams, everyTrigramMatch } from "./search-trigrams.js";

describe("search trigrams", () => {
  it("are the term's folded trigrams, each once", () => {
    expect(distinctTrigrams("AbAbA")).toEqual(["aba", "bab"]);
    expect(distinctTrigrams("ab")).toEqual([]);
  });

  it("cover every character with every third trigram and the last", () => {
    expect(coveringTrigrams("distilbert")).toEqual(["dis", "til", "ber", "ert"]);
    expect(coveringTrigrams("Qwen")).toEqual(["qwe", "wen"]);
    expect(coveringTrigrams("gpt")).toEqual(["gpt"]);
    expect(coveringTrigrams("xx")).toEqual([]);
    // Repeats: as many different trigrams as places picked.
    expect(coveringTrigrams("ilirili")).toEqual(["ili", "ril", "lir"]);
    for (const term of ["a", "abcd", "abcdefg", "org/model-7b-instruct", "aaaaaaa"]) {
      const all = distinctTrigrams(term);
      const picked = coveringTrigrams(term);
      for (const t of picked) expect(all).toContain(t);
      // Each character of the term lies in a picked trigram at some position.
      const lower = term.toLowerCase();
      for (let c = 0; c < lower.length && all.length > 0; c++) {
        const starts = [c - 2, c - 1, c].filter((s) => s >= 0 && s + 3 <= lower.length);
        expect(
          starts.some((s) => picked.includes(lower.slice(s, s + 3))),
          `${term}[${c}]`,
        ).toBe(true);
      }
    }
  });

  it("are matched all together, quoted so none is an operator", () => {
    expect(everyTrigramMatch(['a"b', "OR "])).toBe('"a""b" AND "OR "');
    expect(everyTrigramMatch([])).toBeNull();
  });
});
