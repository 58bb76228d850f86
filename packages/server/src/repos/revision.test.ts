import { describe, expect, it } from "vitest";
import { revisionProblem } from "./revision.js";

describe("revisionProblem", () => {
  it("accepts branches, tags, HEAD and full commit ids", () => {
    for (const revision of ["main", "v1.0", "refs-pr-1", "feature/x", "HEAD", "a".repeat(40), "_x", "release_2"]) {
      expect(revisionProblem(revision), revision).toBeNull();
    }
  });

  it("refuses what git would read as revision syntax or a bad ref name", () => {
    const refused = {
      "": "is empty",
      "main~1": "may not contain spaces",
      "main^": "may not contain spaces",
      ":/text": "may not contain spaces",
      "a b": "may not contain spaces",
      "tab\there": "may not contain spaces",
      "nul\u0000": "may not contain spaces",
      "del\u007f": "may not contain spaces",
      "a..b": "may not contain '..'",
      "@{-1}": "may not contain '..' or '@{'",
      "@": "may not contain '..' or '@{'",
      "-main": "may not start with '-'",
      "/main": "may not start with '-'",
      "main/": "may not start with '-'",
      "main.": "may not end with '.'",
      "a//b": "may not end with '.' or contain '//'",
      ".hidden": "no part may start with '.'",
      "x/branch.lock": "no part may start with '.'",
      ["x".repeat(256)]: "is longer than 255 bytes",
    };
    for (const [revision, problem] of Object.entries(refused)) {
      expect(revisionProblem(revision), JSON.stringify(revision)).toContain(problem);
    }
  });
});
