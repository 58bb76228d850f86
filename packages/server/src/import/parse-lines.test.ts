import { describe, expect, it } from "vitest";
import { parseLines, parseLinesInWorker } from "./parse-lines.js";

const NOW = new Date("2025-01-01T00:00:00.000Z");

const LINES = [
  JSON.stringify({ id: "org/one", tags: ["a", "a", "b"] }),
  "{not json",
  "",
  JSON.stringify({ id: "org/two", downloads: -1 }),
  JSON.stringify({ id: "org/three", createdAt: "2024-05-01T10:00:00Z" }),
  "   ",
  JSON.stringify({ id: "org/four", extra: 1 }),
  JSON.stringify({ id: "org/five", library_name: "timm", lastModified: "2024-06-01T00:00:00.000Z" }),
];

async function collect<T>(chunks: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of chunks) out.push(...chunk);
  return out;
}

async function* slowly(lines: readonly string[]): AsyncGenerator<string> {
  for (const line of lines) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    yield line;
  }
}

describe("parseLinesInWorker", () => {
  it("answers what parsing in the calling thread answers, in order, across chunks", async () => {
    const here = await collect(parseLines(LINES, () => NOW));
    expect(here.map((p) => (p === null ? null : p.ok))).toEqual([true, false, null, false, true, null, false, true]);
    expect(await collect(parseLinesInWorker(LINES, () => NOW, 3))).toEqual(here);
    expect(await collect(parseLinesInWorker(slowly(LINES), () => NOW, 2))).toEqual(here);
    expect(await collect(parseLinesInWorker([], () => NOW))).toEqual([]);
    // Lines come in chunks of the size asked, the last one shorter.
    const sizes: number[] = [];
    for await (const chunk of parseLines(LINES, () => NOW, 3)) sizes.push(chunk.length);
    expect(sizes).toEqual([3, 3, 2]);
    // Three workers taking chunks of one line in turn: the lines come back in their order all the same.
    expect(await collect(parseLinesInWorker(slowly(LINES), () => NOW, 1, 3))).toEqual(here);
  });

  it("stops its worker when the caller stops early", async () => {
    const parsed = parseLinesInWorker(LINES, () => NOW, 1);
    const first = await parsed.next();
    expect(first.value).toMatchObject([{ ok: true, row: { id: "org/one", tags: JSON.stringify(["a", "b"]) } }]);
    await parsed.return(undefined);
    expect((await parsed.next()).done).toBe(true);
  });
});
