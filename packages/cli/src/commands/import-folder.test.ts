import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openStore } from "@modelhub/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { importCommand } from "./import.js";

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../../server/src/model-folder/__fixtures__/${name}`, import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "modelhub-import-folder-"));
  vi.stubEnv("MODELHUB_DATA_DIR", join(dir, "data"));
  vi.stubEnv("DATABASE_URL", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
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
  const code = await importCommand(args);
  vi.restoreAllMocks();
  return { code, out, err };
}

async function model(id: string) {
  const store = await openStore({ dbPath: join(dir, "data", "modelhub.db") });
  try {
    return await store.getModel(id);
  } finally {
    await store.close();
  }
}

const blobCount = (): number =>
  readdirSync(join(dir, "data", "blobs"), { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && !e.parentPath.includes(".tmp"),
  ).length;

describe("modelhub import ./folder --id ns/name", () => {
  it("creates the model from the fixture folder and stores its files", async () => {
    const { code, out, err } = await run([fixture("tiny-llama"), "--id", "acme/tiny-llama"]);
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out).toContain("stored model.safetensors (150 B)");
    expect(out).toMatch(/created acme\/tiny-llama: 6 files, /);
    const record = await model("acme/tiny-llama");
    expect(record).toMatchObject({
      library_name: "transformers",
      pipeline_tag: "text-generation",
      transformersInfo: { auto_model: "AutoModelForCausalLM" },
    });
    expect(record?.siblings).toHaveLength(6);
    // The weights (.safetensors, .onnx) are LFS objects in the blob store; the other files are in git.
    expect(blobCount()).toBe(2);

    const again = await run([fixture("tiny-llama"), "--id", "acme/tiny-llama"]);
    expect(again.out).toMatch(/updated acme\/tiny-llama: 6 files/);
    expect(blobCount()).toBe(2);
  });

  it.each([
    ["bad-yaml", /^modelhub import: README\.md: front matter is not valid YAML on line 3, column 19: /],
    ["bad-config", /^modelhub import: config\.json: field "architectures": /],
  ])("reports %s naming the file and the field, writes nothing, exits 1", async (name, message) => {
    const { code, err } = await run([fixture(name), "--id", "acme/broken"]);
    expect(code).toBe(1);
    expect(err).toMatch(message);
    expect(await model("acme/broken")).toBeNull();
  });

  it("needs --id for a folder, and refuses --id for a JSON Lines file", async () => {
    const missing = await run([fixture("tiny-llama")]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("a model folder needs --id namespace/name");
    const stray = await run([join(fixture("tiny-llama"), "config.json"), "--id", "acme/x"]);
    expect(stray.code).toBe(2);
    expect(stray.err).toContain("--id is for a model folder");
  });

  it("refuses an invalid id with exit 1", async () => {
    const { code, err } = await run([fixture("tiny-llama"), "--id", "not-an-id"]);
    expect(code).toBe(1);
    expect(err).toContain('invalid model id "not-an-id"');
  });
});
