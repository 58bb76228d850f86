import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import { readModelFolder } from "./read-model-folder.js";

const fixture = (name: string): string => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

describe("readModelFolder", () => {
  const cleanup: string[] = [];
  afterEach(async () => {
    for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const tempFolder = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), "modelhub-folder-"));
    cleanup.push(dir);
    return dir;
  };

  it("lists every file of the fixture model, sorted, with sizes", async () => {
    const folder = await readModelFolder(fixture("tiny-llama"));
    expect(folder.files.map((f) => f.path)).toEqual([
      "README.md",
      "config.json",
      "generation_config.json",
      "model.safetensors",
      "onnx/model.onnx",
      "tokenizer.json",
    ]);
    expect(folder.files.find((f) => f.path === "model.safetensors")?.size).toBe(150);
    expect(folder.skipped).toEqual([]);
  });

  it("skips .git and .cache, follows links to files, reports links to folders", async () => {
    const dir = await tempFolder();
    await mkdir(join(dir, ".git", "objects"), { recursive: true });
    await writeFile(join(dir, ".git", "objects", "pack"), "x");
    await mkdir(join(dir, ".cache", "huggingface"), { recursive: true });
    await writeFile(join(dir, ".cache", "huggingface", "download.lock"), "x");
    await writeFile(join(dir, ".gitattributes"), "*.bin filter=lfs\n");
    const outside = await tempFolder();
    await writeFile(join(outside, "blob"), "weights");
    await symlink(join(outside, "blob"), join(dir, "model.bin"));
    await symlink(outside, join(dir, "linked-folder"));
    const folder = await readModelFolder(dir);
    expect(folder.files.map((f) => [f.path, f.size])).toEqual([
      [".gitattributes", 17],
      ["model.bin", 7],
    ]);
    expect(folder.skipped).toEqual([{ path: "linked-folder", reason: "link to a folder" }]);
  });

  it("refuses a file name the repository rules forbid, naming it", async () => {
    const dir = await tempFolder();
    await writeFile(join(dir, "bad\\name.bin"), "x");
    await expect(readModelFolder(dir)).rejects.toThrow(HubError);
    await expect(readModelFolder(dir)).rejects.toThrow("bad\\name.bin: invalid file path: may not contain a backslash");
  });

  it("refuses a path that is not a folder", async () => {
    await expect(readModelFolder(join(fixture("tiny-llama"), "README.md"))).rejects.toThrow("not a folder");
    await expect(readModelFolder(fixture("no-such-model"))).rejects.toThrow("not a folder");
  });
});
