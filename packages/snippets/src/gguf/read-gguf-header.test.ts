import { describe, expect, it } from "vitest";
import { GGUF_FILE_TYPES, type GgmlTensorType, type GgufFileType } from "../quantization.js";
import { type GgufWriteInput, writeGguf } from "./gguf-writer.js";
import { readGgufHeader } from "./read-gguf-header.js";

const CHAT_TEMPLATE =
  "{% for message in messages %}<|{{ message['role'] }}|>\n{{ message['content'] }}</s>\n{% endfor %}<|assistant|>\n";

// A two-layer llama as llama.cpp's converter lays it out: general.*, llama.*, tokenizer arrays, the template.
function tinyLlama(fileType: GgufFileType, tensorType: GgmlTensorType): GgufWriteInput {
  const layer = (i: number) =>
    [
      { name: `blk.${i}.attn_q.weight`, shape: [256, 4], type: tensorType },
      { name: `blk.${i}.ffn_up.weight`, shape: [256, 8], type: tensorType },
      { name: `blk.${i}.attn_norm.weight`, shape: [256], type: "F32" },
    ] as const;
  return {
    metadata: [
      ["general.architecture", { type: "STRING", value: "llama" }],
      ["general.name", { type: "STRING", value: "Tiny Llama" }],
      ["general.file_type", { type: "UINT32", value: GGUF_FILE_TYPES[fileType] }],
      ["llama.context_length", { type: "UINT32", value: 4096 }],
      ["llama.block_count", { type: "UINT32", value: 2 }],
      ["llama.rope.freq_base", { type: "FLOAT32", value: 10000 }],
      ["tokenizer.ggml.model", { type: "STRING", value: "gpt2" }],
      ["tokenizer.ggml.tokens", { type: "ARRAY", itemType: "STRING", values: ["<s>", "</s>", "hello", "world"] }],
      ["tokenizer.ggml.scores", { type: "ARRAY", itemType: "FLOAT32", values: [0, 0, -1, -2] }],
      ["tokenizer.ggml.add_bos_token", { type: "BOOL", value: true }],
      ["tokenizer.chat_template", { type: "STRING", value: CHAT_TEMPLATE }],
    ],
    tensors: [
      { name: "token_embd.weight", shape: [256, 4], type: "F16" },
      ...layer(0),
      ...layer(1),
      { name: "output_norm.weight", shape: [256], type: "F32" },
    ],
  };
}

const EXPECTED_TOTAL = 256 * 4 + 2 * (256 * 4 + 256 * 8 + 256) + 256;

// Puts a little-endian u64 at `offset` of a copy of `bytes`.
function withU64(bytes: Uint8Array, offset: number, value: bigint): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setBigUint64(offset, value, true);
  return copy;
}

describe("readGgufHeader on real small files", () => {
  it.each([
    ["Q4_K_M", "Q4_K"],
    ["Q8_0", "Q8_0"],
    ["F16", "F16"],
    ["Q6_K", "Q6_K"],
  ] as const)("reads a %s llama: architecture, context, template, file type, parameters", (fileType, tensorType) => {
    const bytes = writeGguf(tinyLlama(fileType, tensorType));
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(bytes.length).toBeLessThan(32_000);
    const result = readGgufHeader(bytes);
    if (!result.ok) throw new Error(result.reason);
    expect(result.facts).toEqual({
      architecture: "llama",
      context_length: 4096,
      chat_template: CHAT_TEMPLATE,
      total: EXPECTED_TOTAL,
      file_type: fileType,
    });
    expect(result.header.version).toBe(3);
    expect(result.header.tensorCount).toBe(8);
    expect(result.header.tensorTypes[tensorType]).toBeGreaterThanOrEqual(4);
    expect(result.header.metadata.get("tokenizer.ggml.tokens")).toEqual({
      type: "array",
      itemType: "STRING",
      length: 4,
    });
    expect(result.header.metadata.get("tokenizer.ggml.add_bos_token")).toBe(true);
  });

  it("needs only the header, not the tensor data", () => {
    const bytes = writeGguf(tinyLlama("Q4_K_M", "Q4_K"));
    const full = readGgufHeader(bytes);
    if (!full.ok) throw new Error(full.reason);
    const head = readGgufHeader(bytes.subarray(0, full.header.headerBytes));
    expect(head.ok && head.facts).toEqual(full.facts);
  });

  it("reads version 2 files and an unknown file type number as the number", () => {
    const input = tinyLlama("Q4_0", "Q4_0");
    const metadata = input.metadata.map(([k, v]) =>
      k === "general.file_type" ? ([k, { type: "UINT32", value: 999 }] as const) : ([k, v] as const),
    );
    const result = readGgufHeader(writeGguf({ ...input, version: 2, metadata }));
    expect(result.ok && result.header.version).toBe(2);
    expect(result.ok && result.facts.file_type).toBe(999);
  });
});

describe("readGgufHeader refuses bad headers with a reason", () => {
  const good = writeGguf(tinyLlama("Q4_K_M", "Q4_K"));

  it("says truncated, and how many bytes it needs at least, for every cut of the header", () => {
    const full = readGgufHeader(good);
    if (!full.ok) throw new Error(full.reason);
    for (let cut = 0; cut < full.header.headerBytes; cut += 7) {
      const result = readGgufHeader(good.subarray(0, cut));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.problem).toBe("truncated");
      expect(result.neededBytes).toBeGreaterThan(cut);
    }
  });

  it("refuses a wrong magic", () => {
    const bytes = good.slice();
    bytes[0] = 0x7f;
    expect(readGgufHeader(bytes)).toMatchObject({ ok: false, problem: "bad_magic" });
    expect(readGgufHeader(new TextEncoder().encode('{"not": "gguf"}'))).toMatchObject({ problem: "bad_magic" });
  });

  it.each([1, 4, 0xffff])("refuses version %i", (version) => {
    const bytes = good.slice();
    new DataView(bytes.buffer).setUint32(4, version, true);
    expect(readGgufHeader(bytes)).toMatchObject({ ok: false, problem: "bad_version" });
  });

  it("refuses headers that claim 2^60 tensors or 2^60 entries, at once", () => {
    const tensors = readGgufHeader(withU64(good, 8, 2n ** 60n));
    expect(tensors).toMatchObject({ ok: false, problem: "hostile" });
    expect(!tensors.ok && tensors.reason).toMatch(/more than 2\^53 tensors/);
    const entries = readGgufHeader(withU64(good, 16, 2n ** 60n));
    expect(!entries.ok && entries.reason).toMatch(/metadata entries/);
    expect(readGgufHeader(withU64(good, 16, 200_000n))).toMatchObject({ problem: "hostile" });
  });

  it("refuses a key or string that claims 2^60 bytes", () => {
    // The first key's length sits right after the counts.
    expect(readGgufHeader(withU64(good, 24, 2n ** 60n))).toMatchObject({ ok: false, problem: "hostile" });
    // The first value (general.architecture's string) has its length after key, key bytes and the type.
    const valueLength = 24 + 8 + "general.architecture".length + 4;
    const result = readGgufHeader(withU64(good, valueLength, 2n ** 60n));
    expect(result).toMatchObject({ ok: false, problem: "hostile" });
    expect(!result.ok && result.reason).toContain('"general.architecture"');
  });

  it("refuses an array that claims 2^60 elements, and one that lies within the limit ends as truncated", () => {
    const input = {
      metadata: [["big", { type: "ARRAY", itemType: "UINT8", values: [1, 2, 3] }] as const],
      tensors: [],
    } satisfies GgufWriteInput;
    const bytes = writeGguf(input);
    const lengthAt = 24 + 8 + "big".length + 4 + 4;
    expect(readGgufHeader(withU64(bytes, lengthAt, 2n ** 60n))).toMatchObject({ problem: "hostile" });
    expect(readGgufHeader(withU64(bytes, lengthAt, 40_000_000n))).toMatchObject({ problem: "truncated" });
  });

  it("refuses unknown value types and tensors with too many dimensions", () => {
    const bytes = good.slice();
    const typeAt = 24 + 8 + "general.architecture".length;
    new DataView(bytes.buffer).setUint32(typeAt, 77, true);
    expect(readGgufHeader(bytes)).toMatchObject({ problem: "malformed" });
    const oneTensor = writeGguf({ metadata: [], tensors: [{ name: "t", shape: [2, 2], type: "F32" }] });
    const dimsAt = 24 + 8 + 1;
    const hostile = oneTensor.slice();
    new DataView(hostile.buffer).setUint32(dimsAt, 1_000_000, true);
    expect(readGgufHeader(hostile)).toMatchObject({ problem: "hostile" });
    const huge = withU64(oneTensor, dimsAt + 4, 2n ** 40n);
    expect(readGgufHeader(withU64(huge, dimsAt + 12, 2n ** 40n))).toMatchObject({ problem: "hostile" });
  });

  it("reads a big-endian file", () => {
    const bytes = writeGguf({ metadata: [], tensors: [] });
    const view = new DataView(bytes.buffer);
    view.setUint32(4, 3, false);
    const result = readGgufHeader(bytes);
    expect(result.ok && result.header.littleEndian).toBe(false);
  });
});
