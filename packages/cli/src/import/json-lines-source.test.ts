import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openJsonLines } from "./json-lines-source.js";

describe("openJsonLines", () => {
  it("keeps every line when the import awaits I/O before iterating (opening a PostgreSQL database)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "json-lines-")), "models.jsonl");
    const expected = Array.from({ length: 5_000 }, (_, i) => JSON.stringify({ id: `org/model-${i}` }));
    const text = `${expected.join("\n")}\n`;
    writeFileSync(file, text);
    const source = openJsonLines(file);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read: string[] = [];
    for await (const line of source.lines) read.push(line);
    expect(read).toEqual(expected);
    expect(source.bytesRead()).toBe(Buffer.byteLength(text));
  });
});
