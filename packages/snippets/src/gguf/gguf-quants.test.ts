import { describe, expect, it } from "vitest";
import { fitsInMemory, ggufFileQuant, ggufQuants, ggufSplit } from "./gguf-quants.js";

const GB = 1024 ** 3;

describe("ggufQuants", () => {
  it("lists one entry a quant, split files once with their total size, biggest first", () => {
    const quants = ggufQuants([
      { rfilename: "README.md", size: 10 },
      { rfilename: "model-Q4_K_M.gguf", size: 4 * GB },
      { rfilename: "model-Q8_0-00002-of-00002.gguf", size: 3 * GB },
      { rfilename: "model-Q8_0-00001-of-00002.gguf", size: 5 * GB },
      { rfilename: "UD-Q2_K_XL/model-00001-of-00002.gguf", size: 2 * GB },
      { rfilename: "UD-Q2_K_XL/model-00002-of-00002.gguf", size: 1 * GB },
      { rfilename: "mmproj-model-f16.gguf", size: GB },
      { rfilename: "model.safetensors", size: GB },
    ]);
    expect(quants).toEqual([
      {
        label: "Q8_0",
        known: true,
        path: "model-Q8_0-00001-of-00002.gguf",
        files: ["model-Q8_0-00001-of-00002.gguf", "model-Q8_0-00002-of-00002.gguf"],
        size: 8 * GB,
        shards: 2,
      },
      { label: "Q4_K_M", known: true, path: "model-Q4_K_M.gguf", files: ["model-Q4_K_M.gguf"], size: 4 * GB },
      {
        label: "UD-Q2_K_XL",
        known: true,
        path: "UD-Q2_K_XL/model-00001-of-00002.gguf",
        files: ["UD-Q2_K_XL/model-00001-of-00002.gguf", "UD-Q2_K_XL/model-00002-of-00002.gguf"],
        size: 3 * GB,
        shards: 2,
      },
    ]);
  });

  it("labels a file whose name has no quant from its header, else by its name, listed last", () => {
    const quants = ggufQuants(
      [{ rfilename: "ggml-model.gguf", size: 7 }, { rfilename: "tiny.gguf" }, { rfilename: "tiny-Q2_K.gguf", size: 1 }],
      (path) => (path === "ggml-model.gguf" ? "Q5_K_M" : undefined),
    );
    expect(quants.map((q) => [q.label, q.known, q.size])).toEqual([
      ["Q5_K_M", true, 7],
      ["Q2_K", true, 1],
      ["tiny", false, undefined],
    ]);
  });
});

describe("ggufSplit and fitsInMemory", () => {
  it("labels one GGUF model file, not projectors or other files", () => {
    expect(ggufFileQuant("Q4_K_M/x-00001-of-00002.gguf")).toBe("Q4_K_M");
    expect(ggufFileQuant("mmproj-model-F16.gguf")).toBeUndefined();
    expect(ggufFileQuant("model-Q4_K_M.safetensors")).toBeUndefined();
  });

  it("reads shard numbers", () => {
    expect(ggufSplit("a/x-00002-of-00003.gguf")).toEqual({ index: 2, count: 3 });
    expect(ggufSplit("x.gguf")).toBeUndefined();
  });

  it("leaves a fifth of the memory for the context", () => {
    expect(fitsInMemory(6 * GB, 8)).toBe(true);
    expect(fitsInMemory(7 * GB, 8)).toBe(false);
    expect(fitsInMemory(60 * GB, 80)).toBe(true);
  });
});
