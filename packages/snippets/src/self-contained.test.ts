import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A user's clone has no ../shared beside it: everything the engine and its tests read lives in this package.
const SRC = fileURLToPath(new URL(".", import.meta.url));
const OUTSIDE_THE_REPOSITORY = /(?:\.\.\/)+shared\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the snippets package", () => {
  it("reads nothing from ../shared (the facts file is a fixture of its own)", () => {
    const readers = sourceFiles(SRC).filter(
      (file) => file !== fileURLToPath(import.meta.url) && OUTSIDE_THE_REPOSITORY.test(readFileSync(file, "utf8")),
    );
    expect(readers).toEqual([]);
  });
});
