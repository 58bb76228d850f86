import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { openStore } from "@modelhub/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { importCommand } from "./import.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "modelhub-import-"));
  vi.stubEnv("MODELHUB_DATA_DIR", join(dir, "data"));
  vi.stubEnv("DATABASE_URL", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[], stdin?: string) {
  let out = "";
  let err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  if (stdin !== undefined) vi.spyOn(process, "stdin", "get").mockReturnValue(Readable.from([stdin]) as never);
  const code = await importCommand(args);
  vi.restoreAllMocks();
  return { code, out, err };
}

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

async function ids(dbPath: string): Promise<string[]> {
  const store = await openStore({ dbPath });
  try {
    const page = await store.listModels({ tags: [], sort: "id", direction: 1, limit: 100 });
    return page.items.map((m) => m.id);
  } finally {
    await store.close();
  }
}

describe("modelhub import", () => {
  it("imports good lines, reports each bad one on stderr, summarises, and exits 1", async () => {
    const path = file("mixed.jsonl", [
      JSON.stringify({ id: "org/good-1", library_name: "timm", tags: ["vision"] }),
      '{"id": "org/broken"',
      JSON.stringify({ id: "org/bad--id" }),
      JSON.stringify({ id: "org/good-2", downloads: "lots" }),
      JSON.stringify({ id: "org/good-3", pipeline_tag: "fill-mask" }),
    ]);
    const db = join(dir, "hub.db");
    const { code, out, err } = await run([path, "--db", db, "--batch-size", "2"]);
    expect(code).toBe(1);
    expect(out).toMatch(/^2 accepted, 3 rejected, 5 lines in /);
    expect(err).toContain("line 2: not valid JSON");
    expect(err).toContain("line 3: field \"id\": invalid model id: name may not contain '--' or '..'");
    expect(err).toContain('line 4: field "downloads"');
    expect(await ids(db)).toEqual(["org/good-1", "org/good-3"]);
  });

  it("exits 0 when every line is accepted, upserting into the data directory's database by default", async () => {
    const path = file("good.jsonl", [JSON.stringify({ id: "a/one" }), "", JSON.stringify({ id: "a/two" })]);
    expect((await run([path])).code).toBe(0);
    const again = await run([path]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^2 accepted, 0 rejected, 3 lines/);
    expect(await ids(join(dir, "data", "modelhub.db"))).toEqual(["a/one", "a/two"]);
  });

  it("reads stdin for -, and prints plain progress lines when stderr is not a terminal", async () => {
    const lines = Array.from({ length: 5 }, (_, i) => JSON.stringify({ id: `s/m${i}` })).join("\n");
    const { code, out } = await run(["-", "--db", join(dir, "stdin.db")], lines);
    expect(code).toBe(0);
    expect(out).toMatch(/^5 accepted/);
  });

  it("refuses a missing file, a folder, a bad batch size and extra arguments with exit 2", async () => {
    expect((await run([join(dir, "missing.jsonl")])).err).toContain("no such file");
    const folder = await run([dir]);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain("a model folder needs --id");
    expect((await run(["a.jsonl", "--batch-size", "0"])).code).toBe(2);
    expect((await run(["a.jsonl", "b.jsonl"])).code).toBe(2);
    expect((await run(["--colour"])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});
