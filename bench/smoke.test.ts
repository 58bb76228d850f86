// Every benchmark at tiny sizes, so none can rot unnoticed: each must finish and report real figures. The figures
// themselves are not judged here (timed tests on a shared machine would flake); `npm run bench` reports them.
import { describe, expect, it } from "vitest";
import { runBenches } from "./run.js";
import type { BenchSection } from "./section.js";

const NUMBER = /\d+(\.\d+)?/;

function expectRealFigures(section: BenchSection): void {
  expect(section.title).not.toBe("");
  expect(section.command).toMatch(/^npm run bench -- \w+$/);
  expect(section.body).not.toMatch(/NaN|n\/a|Infinity|undefined/);
  const lines = section.body.split("\n");
  // Table rows that are neither a header (the line before a `| --- |` line) nor that separator.
  const rows = lines.filter(
    (line, i) => line.startsWith("| ") && !line.startsWith("| ---") && !lines[i + 1]?.startsWith("| ---"),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toMatch(NUMBER);
  const targets = section.body.split("\n").filter((line) => /^- (✅|❌) /.test(line));
  expect(targets.length).toBeGreaterThan(0);
  for (const line of targets) expect(line).toMatch(/: \d+(\.\d+)? ?(µs|ms|s|MB|KB|%)$/);
  expect(section.headlines.length).toBeGreaterThan(0);
  for (const headline of section.headlines) expect(headline).toMatch(NUMBER);
}

describe("benchmarks (smoke sizes)", () => {
  // The two-process load test and the PostgreSQL scale run need PostgreSQL: skipped without DATABASE_URL, except in CI.
  const onPostgres = process.env.DATABASE_URL || process.env.CI ? ["cluster", "postgres"] : [];
  if (onPostgres.length === 0)
    console.warn("cluster and postgres benchmark smoke runs skipped: set DATABASE_URL=postgres://…");
  for (const name of ["snippets", "api", "scale", "shapes", "web", "repos", "import", ...onPostgres]) {
    it(`${name} reports real figures`, async () => {
      const { [name]: section } = await runBenches([name], { smoke: true });
      expect(section).toBeDefined();
      expectRealFigures(section as BenchSection);
    });
  }
});
