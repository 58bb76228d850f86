import { mkdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore, ByteRange } from "../blobs/blob-store.js";
import { LocalBlobStore } from "../blobs/local-blob-store.js";
import { importModelFolder } from "../model-folder/import-model-folder.js";
import { readModelFolder } from "../model-folder/read-model-folder.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { TINY_CHAT_TEMPLATE, TINY_GGUF_TOTAL, tinyGguf } from "../test-utils/tiny-gguf.js";
import { GGUF_FIRST_READ_BYTES, readGgufFacts } from "./gguf-metadata.js";

// A blob store that records the ranges read.
function recording(blobs: BlobStore, ranges: Array<ByteRange | undefined>): BlobStore {
  return {
    ...blobs,
    stage: (s, o) => blobs.stage(s, o),
    put: (s, o) => blobs.put(s, o),
    stat: (h) => blobs.stat(h),
    deleteIfUnreferenced: (h, r) => blobs.deleteIfUnreferenced(h, r),
    read: (sha, range) => {
      ranges.push(range);
      return blobs.read(sha, range);
    },
  };
}

describe("readGgufFacts", () => {
  let dir: string;
  let blobs: LocalBlobStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gguf-facts-"));
    blobs = await LocalBlobStore.open(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const store = async (bytes: Buffer, path = "m.gguf") => ({ path, ...(await blobs.put(Readable.from([bytes]))) });

  it("reads the facts of a real file", async () => {
    const result = await readGgufFacts(blobs, await store(tinyGguf("Q4_K_M", "Q4_K")));
    expect(result).toEqual({
      ok: true,
      facts: {
        architecture: "llama",
        context_length: 2048,
        chat_template: TINY_CHAT_TEMPLATE,
        total: TINY_GGUF_TOTAL,
        file_type: "Q4_K_M",
      },
    });
  });

  it("reads only the first 4 MiB of a big file whose header fits", async () => {
    const big = Buffer.concat([tinyGguf("Q8_0", "Q8_0"), Buffer.alloc(12 * 1024 * 1024)]);
    const ranges: Array<ByteRange | undefined> = [];
    const result = await readGgufFacts(recording(blobs, ranges), await store(big));
    expect(result.ok).toBe(true);
    expect(ranges).toEqual([{ start: 0, end: GGUF_FIRST_READ_BYTES - 1 }]);
  });

  it("reads further when the header is longer than the first read, never the whole file", async () => {
    const long = Buffer.concat([tinyGguf("Q8_0", "Q8_0", 5 * 1024 * 1024), Buffer.alloc(40 * 1024 * 1024)]);
    const ranges: Array<ByteRange | undefined> = [];
    const result = await readGgufFacts(recording(blobs, ranges), await store(long));
    expect(result.ok && result.facts.file_type).toBe("Q8_0");
    expect(ranges).toHaveLength(2);
    expect(ranges[1]?.end).toBeLessThan(16 * 1024 * 1024);
  });

  it("gives a reason for a truncated file, a bad magic and a hostile count", async () => {
    const good = tinyGguf("Q4_0", "Q4_0");
    const truncated = await readGgufFacts(blobs, await store(good.subarray(0, 60)));
    expect(truncated).toMatchObject({ ok: false, reason: expect.stringMatching(/ends inside .*the file ends there/) });
    expect(await readGgufFacts(blobs, await store(Buffer.from("not a gguf file")))).toMatchObject({
      ok: false,
      reason: "the file does not start with GGUF",
    });
    const hostile = Buffer.from(good);
    hostile.writeBigUInt64LE(2n ** 60n, 16);
    expect(await readGgufFacts(blobs, await store(hostile))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("metadata entries"),
    });
  });
});

describe("GGUF metadata on import and upload", () => {
  let hub: RepoTestApp;
  beforeAll(async () => {
    hub = await startRepoTestApp({ maxUploadBytes: 64 * 1024 * 1024 });
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  it("imports a GGUF folder: the record gets gguf from the Q4_K_M file, a bad header is reported, all stored", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gguf-folder-"));
    try {
      await writeFile(join(folder, "README.md"), "---\npipeline_tag: text-generation\ntags: [gguf]\n---\n# Tiny\n");
      await writeFile(join(folder, "tiny-Q8_0.gguf"), tinyGguf("Q8_0", "Q8_0"));
      await writeFile(join(folder, "tiny-Q4_K_M.gguf"), tinyGguf("Q4_K_M", "Q4_K"));
      await writeFile(join(folder, "tiny-Q2_K.gguf"), Buffer.from("GGUF\u0009\u0000\u0000\u0000broken"));
      mkdirSync(join(folder, "BF16"));
      const bf16 = tinyGguf("BF16", "BF16");
      await writeFile(join(folder, "BF16/tiny-00001-of-00002.gguf"), bf16.subarray(0, 200));
      await writeFile(join(folder, "BF16/tiny-00002-of-00002.gguf"), bf16.subarray(200));
      const problems: string[] = [];
      const deps = { store: hub.store, blobs: hub.blobs, repos: hub.repos, now: () => new Date() };
      const result = await importModelFolder(deps, "acme/tiny-gguf", await readModelFolder(folder), {
        onGgufProblem: (path, reason) => problems.push(`${path}: ${reason}`),
      });
      expect(result.files).toHaveLength(6);
      expect(problems).toEqual([
        expect.stringMatching(/^BF16\/tiny-00001-of-00002\.gguf: header ends inside/),
        "tiny-Q2_K.gguf: GGUF version 9 is not supported (only 2 and 3)",
      ]);
      const model = await hub.store.getModel("acme/tiny-gguf");
      expect(model?.gguf).toMatchObject({ file_type: "Q4_K_M", architecture: "llama", total: TINY_GGUF_TOTAL });

      const list = (await (await hub.fetch("/api/models/acme/tiny-gguf/files")).json()) as Array<{
        path: string;
        quant?: string;
        size: number;
      }>;
      expect(list.map((f) => [f.path, f.quant])).toEqual([
        ["BF16/tiny-00001-of-00002.gguf", "BF16"],
        ["BF16/tiny-00002-of-00002.gguf", "BF16"],
        ["README.md", undefined],
        ["tiny-Q2_K.gguf", "Q2_K"],
        ["tiny-Q4_K_M.gguf", "Q4_K_M"],
        ["tiny-Q8_0.gguf", "Q8_0"],
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("reads an uploaded GGUF's header into the record; a bad one is stored anyway", async () => {
    const created = await hub.admin("/api/models", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "acme/uploaded", pipeline_tag: "text-generation", tags: [] }),
    });
    expect(created.status).toBe(201);
    const bad = await hub.admin("/api/models/acme/uploaded/files/x-Q8_0.gguf", {
      method: "PUT",
      body: Buffer.from("GGUF but not really"),
    });
    expect(bad.status).toBe(201);
    expect((await hub.store.getModel("acme/uploaded"))?.gguf).toBeUndefined();
    const put = await hub.admin("/api/models/acme/uploaded/files/x-Q4_K_M.gguf", {
      method: "PUT",
      body: tinyGguf("Q4_K_M", "Q4_K"),
    });
    expect(put.status).toBe(201);
    const model = (await (await hub.fetch("/api/models/acme/uploaded")).json()) as { gguf?: unknown };
    expect(model.gguf).toMatchObject({ file_type: "Q4_K_M", context_length: 2048, chat_template: TINY_CHAT_TEMPLATE });
  });
});
