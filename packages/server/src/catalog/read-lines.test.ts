import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLines } from "./read-lines.js";

describe("readLines", () => {
  it("keeps every line when the caller awaits I/O before iterating (as an import does on PostgreSQL)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "read-lines-")), "lines.txt");
    const expected = Array.from({ length: 5_000 }, (_, i) => `line ${i}`);
    writeFileSync(file, `${expected.join("\n")}\n`);
    const lines = readLines(file);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read: string[] = [];
    for await (const line of lines) read.push(line);
    expect(read).toEqual(expected);
  });
});
