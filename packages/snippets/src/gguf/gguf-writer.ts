// A small GGUF writer: facts in, a real file's bytes out. The tests write files with it (several quant types, a
// chat template), and other packages' tests use it to make GGUF repositories without downloading one.
import { GGML_TENSOR_TYPES, type GgmlTensorType } from "../quantization.js";
import { GGUF_MAGIC, GGUF_VALUE_TYPES, GGUF_VALUE_WIDTHS, type GgufValueType } from "./gguf-format.js";

/** One metadata value with its GGUF type. */
export type GgufWriteValue =
  | { type: Exclude<GgufValueType, "ARRAY" | "STRING" | "BOOL">; value: number }
  | { type: "BOOL"; value: boolean }
  | { type: "STRING"; value: string }
  | { type: "ARRAY"; itemType: Exclude<GgufValueType, "ARRAY">; values: ReadonlyArray<string | number | boolean> };

/** One tensor: name, shape (innermost dimension first, as ggml writes it) and type. */
export interface GgufWriteTensor {
  /** Tensor name, e.g. `blk.0.attn_q.weight`. */
  name: string;
  /** Element counts per dimension. */
  shape: readonly number[];
  /** ggml type; the data section holds zeroes of the right size. */
  type: GgmlTensorType;
}

/** What to write. */
export interface GgufWriteInput {
  /** Format version (default 3). */
  version?: number;
  /** Metadata in file order. */
  metadata: ReadonlyArray<readonly [string, GgufWriteValue]>;
  /** Tensor infos, and zero-filled data for each. */
  tensors: readonly GgufWriteTensor[];
}

// Elements per block and bytes per block of the types the tests use.
const BLOCKS: Partial<Record<GgmlTensorType, readonly [number, number]>> = {
  F32: [1, 4],
  F16: [1, 2],
  BF16: [1, 2],
  Q4_0: [32, 18],
  Q4_1: [32, 20],
  Q5_0: [32, 22],
  Q8_0: [32, 34],
  Q2_K: [256, 84],
  Q3_K: [256, 110],
  Q4_K: [256, 144],
  Q5_K: [256, 176],
  Q6_K: [256, 210],
  MXFP4: [32, 17],
};
const ALIGNMENT = 32;

class Bytes {
  private parts: Uint8Array[] = [];
  length = 0;
  push(part: Uint8Array): void {
    this.parts.push(part);
    this.length += part.length;
  }
  number(type: number, value: number | boolean): void {
    const width = GGUF_VALUE_WIDTHS[type] as number;
    const view = new DataView(new ArrayBuffer(width));
    const n = typeof value === "boolean" ? Number(value) : value;
    const setters: Record<number, () => void> = {
      [GGUF_VALUE_TYPES.UINT8]: () => view.setUint8(0, n),
      [GGUF_VALUE_TYPES.INT8]: () => view.setInt8(0, n),
      [GGUF_VALUE_TYPES.BOOL]: () => view.setUint8(0, n),
      [GGUF_VALUE_TYPES.UINT16]: () => view.setUint16(0, n, true),
      [GGUF_VALUE_TYPES.INT16]: () => view.setInt16(0, n, true),
      [GGUF_VALUE_TYPES.UINT32]: () => view.setUint32(0, n, true),
      [GGUF_VALUE_TYPES.INT32]: () => view.setInt32(0, n, true),
      [GGUF_VALUE_TYPES.FLOAT32]: () => view.setFloat32(0, n, true),
      [GGUF_VALUE_TYPES.UINT64]: () => view.setBigUint64(0, BigInt(n), true),
      [GGUF_VALUE_TYPES.INT64]: () => view.setBigInt64(0, BigInt(n), true),
      [GGUF_VALUE_TYPES.FLOAT64]: () => view.setFloat64(0, n, true),
    };
    setters[type]?.();
    this.push(new Uint8Array(view.buffer));
  }
  string(value: string): void {
    const utf8 = new TextEncoder().encode(value);
    this.number(GGUF_VALUE_TYPES.UINT64, utf8.length);
    this.push(utf8);
  }
  concat(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

function writeValue(out: Bytes, value: GgufWriteValue): void {
  out.number(GGUF_VALUE_TYPES.UINT32, GGUF_VALUE_TYPES[value.type]);
  if (value.type === "STRING") {
    out.string(value.value);
    return;
  }
  if (value.type !== "ARRAY") {
    out.number(GGUF_VALUE_TYPES[value.type], value.value);
    return;
  }
  out.number(GGUF_VALUE_TYPES.UINT32, GGUF_VALUE_TYPES[value.itemType]);
  out.number(GGUF_VALUE_TYPES.UINT64, value.values.length);
  for (const item of value.values) {
    if (value.itemType === "STRING") out.string(String(item));
    else out.number(GGUF_VALUE_TYPES[value.itemType], item as number | boolean);
  }
}

/** The bytes of tensor `tensor`'s data. */
export function ggufTensorBytes(tensor: GgufWriteTensor): number {
  const [perBlock, blockBytes] = BLOCKS[tensor.type] ?? [1, 4];
  const elements = tensor.shape.reduce((a, b) => a * b, 1);
  return Math.ceil(elements / perBlock) * blockBytes;
}

/** A complete GGUF file: header, tensor infos, padding, zero-filled tensor data. */
export function writeGguf(input: GgufWriteInput): Uint8Array {
  const out = new Bytes();
  out.push(Uint8Array.from(GGUF_MAGIC));
  out.number(GGUF_VALUE_TYPES.UINT32, input.version ?? 3);
  out.number(GGUF_VALUE_TYPES.UINT64, input.tensors.length);
  out.number(GGUF_VALUE_TYPES.UINT64, input.metadata.length);
  for (const [key, value] of input.metadata) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  for (const tensor of input.tensors) {
    out.string(tensor.name);
    out.number(GGUF_VALUE_TYPES.UINT32, tensor.shape.length);
    for (const dim of tensor.shape) out.number(GGUF_VALUE_TYPES.UINT64, dim);
    out.number(GGUF_VALUE_TYPES.UINT32, GGML_TENSOR_TYPES[tensor.type]);
    out.number(GGUF_VALUE_TYPES.UINT64, offset);
    offset += Math.ceil(ggufTensorBytes(tensor) / ALIGNMENT) * ALIGNMENT;
  }
  out.push(new Uint8Array((ALIGNMENT - (out.length % ALIGNMENT)) % ALIGNMENT));
  out.push(new Uint8Array(offset));
  return out.concat();
}
