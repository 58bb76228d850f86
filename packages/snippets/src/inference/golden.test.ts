// Golden files: what users see, one file per case, language, client and provider.
// Regenerate after an intended change with `npx vitest run src/inference --update` (from packages/snippets;
// the path goes first: vitest 4 reads a value after `-u`, and `-u src/inference` updates every suite),
// then read the diff: these files are the product.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { buildInferenceSnippets } from "./build.js";
import { GOLDEN_CASES } from "./fixtures/cases.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const EXTENSIONS = { python: "py", js: "js", sh: "sh" } as const;
const SILENT = { warn: () => {} };

const expected = GOLDEN_CASES.flatMap((testCase) =>
  testCase.providers.flatMap((provider) =>
    buildInferenceSnippets(testCase.model, { ...testCase.options, provider }, SILENT).snippets.map((snippet) => ({
      path: join(testCase.name, snippet.language, snippet.client, `${provider}.${EXTENSIONS[snippet.language]}`),
      content: `${snippet.content}\n`,
    })),
  ),
);

describe("golden inference snippets", () => {
  it.each(expected.map((file) => [file.path, file.content]))("%s", async (path, content) => {
    await expect(content).toMatchFileSnapshot(join(FIXTURES, path));
  });

  it("has no golden file that no case produces", () => {
    const onDisk = listFiles(FIXTURES).filter((path) => /\.(py|js|sh)$/.test(path));
    const wanted = new Set(expected.map((file) => file.path));
    expect(onDisk.filter((path) => !wanted.has(path))).toEqual([]);
  });

  it("every case produces snippets for every provider it lists", () => {
    const empty = GOLDEN_CASES.flatMap((testCase) =>
      testCase.providers
        .filter(
          (provider) =>
            !expected.some(
              (file) =>
                file.path.startsWith(`${testCase.name}/`) &&
                file.path.endsWith(`/${provider}.${file.path.split(".").pop()}`),
            ),
        )
        .map((provider) => `${testCase.name}/${provider}`),
    );
    expect(empty).toEqual([]);
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(FIXTURES, join(entry.parentPath, entry.name)));
}
