// The GGUF header reader: the first bytes of a file in, its facts out. Pure and bounded: it never reads past the
// bytes it is given, never allocates from a claimed count, and refuses hostile claims with a reason.
import { GGML_TENSOR_TYPES, type GgufFileType, ggufFileTypeLabel } from "../quantization.js";
import { ByteCursor, describeCount, type GgufProblem, GgufReadError } from "./byte-cursor.js";
import { GGUF_LIMITS, GGUF_MAGIC, GGUF_VALUE_TYPES, GGUF_VALUE_WIDTHS, type GgufValueType } from "./gguf-format.js";

/** A metadata value as kept: scalars and short strings as such, arrays and long strings by their length. */
export type GgufMetadataValue =
  | string
  | number
  | boolean
  | { type: "array"; itemType: GgufValueType; length: number }
  | { type: "string"; length: number };

/** What a GGUF header says. */
export interface GgufHeader {
  /** Format version, 2 or 3. */
  version: number;
  /** False for the rare big-endian files. */
  littleEndian: boolean;
  /** Tensors the file holds. */
  tensorCount: number;
  /** The key/value metadata, in file order (first value wins when a key repeats). */
  metadata: Map<string, GgufMetadataValue>;
  /** How many tensors have each ggml type (by label, or `type N` when the number is unknown). */
  tensorTypes: Record<string, number>;
  /** Parameters: the sum of the tensors' element counts. */
  parameterCount: number;
  /** Bytes from the file's start to the end of the tensor infos. */
  headerBytes: number;
}

/** The facts the hub keeps about a GGUF file (the record's `gguf` object). */
export interface GgufFacts {
  /** `general.architecture`, e.g. `llama`. */
  architecture?: string;
  /** `<architecture>.context_length`. */
  context_length?: number;
  /** `tokenizer.chat_template`: the Jinja template the model's chat form uses. */
  chat_template?: string;
  /** Parameter count from the tensor shapes. */
  total: number;
  /** `general.file_type` as its label (`Q4_K_M`), or the raw number when unknown. */
  file_type?: GgufFileType | string | number;
}

/** The outcome of reading a header: the header and its facts, or why not. */
export type GgufReadResult =
  | { ok: true; header: GgufHeader; facts: GgufFacts }
  | {
      ok: false;
      /** What kind of problem. */
      problem: GgufProblem;
      /** A sentence for the log. */
      reason: string;
      /** For `truncated`: the least number of bytes from the start that could hold the header. */
      neededBytes?: number;
    };

const TENSOR_TYPE_BY_NUMBER = new Map<number, string>(Object.entries(GGML_TENSOR_TYPES).map(([k, v]) => [v, k]));
const VALUE_TYPE_BY_NUMBER = new Map<number, GgufValueType>(
  (Object.entries(GGUF_VALUE_TYPES) as Array<[GgufValueType, number]>).map(([k, v]) => [v, k]),
);
const NUMBER_KINDS: Readonly<Record<number, "i" | "u" | "f">> = {
  [GGUF_VALUE_TYPES.UINT8]: "u",
  [GGUF_VALUE_TYPES.UINT16]: "u",
  [GGUF_VALUE_TYPES.UINT32]: "u",
  [GGUF_VALUE_TYPES.UINT64]: "u",
  [GGUF_VALUE_TYPES.INT8]: "i",
  [GGUF_VALUE_TYPES.INT16]: "i",
  [GGUF_VALUE_TYPES.INT32]: "i",
  [GGUF_VALUE_TYPES.INT64]: "i",
  [GGUF_VALUE_TYPES.FLOAT32]: "f",
  [GGUF_VALUE_TYPES.FLOAT64]: "f",
};
// Arrays of arrays exist in the format; deeper nesting than this is no real file's.
const MAX_ARRAY_DEPTH = 3;

function valueType(cursor: ByteCursor, what: string): number {
  const type = cursor.u32(`the type of ${what}`);
  if (!VALUE_TYPE_BY_NUMBER.has(type)) throw new GgufReadError("malformed", `${what} has unknown value type ${type}`);
  return type;
}

function arrayLength(cursor: ByteCursor, what: string): number {
  const length = cursor.u64(`the length of ${what}`);
  if (length > GGUF_LIMITS.maxArrayLength) {
    throw new GgufReadError(
      "hostile",
      `${what} claims ${describeCount(length)} elements (limit ${GGUF_LIMITS.maxArrayLength})`,
    );
  }
  return length;
}

// Moves past `count` values of `type` without keeping them; each step consumes bytes, so a lying count ends in
// `truncated` after at most the bytes given.
function skipValues(cursor: ByteCursor, type: number, count: number, what: string, depth: number): void {
  const width = GGUF_VALUE_WIDTHS[type];
  if (width !== undefined) {
    cursor.skip(width * count, what);
    return;
  }
  for (let i = 0; i < count; i++) {
    if (type === GGUF_VALUE_TYPES.STRING) {
      cursor.skip(cursor.stringLength(GGUF_LIMITS.maxStringBytes, what), what);
    } else {
      if (depth >= MAX_ARRAY_DEPTH) throw new GgufReadError("hostile", `${what} nests arrays deeper than ${depth}`);
      const itemType = valueType(cursor, what);
      skipValues(cursor, itemType, arrayLength(cursor, what), what, depth + 1);
    }
  }
}

function readValue(cursor: ByteCursor, type: number, what: string): GgufMetadataValue {
  if (type === GGUF_VALUE_TYPES.STRING) {
    const length = cursor.stringLength(GGUF_LIMITS.maxStringBytes, what);
    if (length > GGUF_LIMITS.keptStringBytes) {
      cursor.skip(length, what);
      return { type: "string", length };
    }
    return cursor.text(length, what);
  }
  if (type === GGUF_VALUE_TYPES.BOOL) return cursor.u8(what) !== 0;
  if (type === GGUF_VALUE_TYPES.ARRAY) {
    const itemType = valueType(cursor, what);
    const length = arrayLength(cursor, what);
    skipValues(cursor, itemType, length, what, 1);
    return { type: "array", itemType: VALUE_TYPE_BY_NUMBER.get(itemType) as GgufValueType, length };
  }
  const kind = NUMBER_KINDS[type] as "i" | "u" | "f";
  return cursor.number(kind, GGUF_VALUE_WIDTHS[type] as 1 | 2 | 4 | 8, what);
}

function readPreamble(cursor: ByteCursor): { version: number; tensorCount: number; kvCount: number } {
  // A wrong first byte is a wrong file however few bytes there are.
  for (const byte of GGUF_MAGIC) {
    if (cursor.u8("the magic") !== byte) throw new GgufReadError("bad_magic", "the file does not start with GGUF");
  }
  let version = cursor.u32("the version");
  // A big-endian file reads as a huge little-endian version; its bytes swapped, it is a small one.
  if (version > 0xffff) {
    cursor.offset -= 4;
    cursor.littleEndian = false;
    version = cursor.u32("the version");
  }
  if (version !== 2 && version !== 3) {
    throw new GgufReadError("bad_version", `GGUF version ${version} is not supported (only 2 and 3)`);
  }
  const tensorCount = cursor.u64("the tensor count");
  if (tensorCount > GGUF_LIMITS.maxTensors) {
    throw new GgufReadError("hostile", `header claims ${describeCount(tensorCount)} tensors`);
  }
  const kvCount = cursor.u64("the metadata count");
  if (kvCount > GGUF_LIMITS.maxKeys) {
    throw new GgufReadError("hostile", `header claims ${describeCount(kvCount)} metadata entries`);
  }
  return { version, tensorCount, kvCount };
}

function readTensorInfo(cursor: ByteCursor, index: number, types: Record<string, number>): number {
  const what = `tensor ${index}`;
  const name = cursor.text(cursor.stringLength(GGUF_LIMITS.maxKeyBytes, `the name of ${what}`), what);
  const dims = cursor.u32(`the dimensions of ${name}`);
  if (dims > GGUF_LIMITS.maxDims) throw new GgufReadError("hostile", `tensor "${name}" claims ${dims} dimensions`);
  let elements = 1;
  for (let d = 0; d < dims; d++) elements *= cursor.u64(`the shape of ${name}`);
  if (!Number.isSafeInteger(elements)) {
    throw new GgufReadError("hostile", `tensor "${name}" claims more than 2^53 elements`);
  }
  const type = cursor.u32(`the type of ${name}`);
  const label = TENSOR_TYPE_BY_NUMBER.get(type) ?? `type ${type}`;
  types[label] = (types[label] ?? 0) + 1;
  cursor.skip(8, `the offset of ${name}`);
  return elements;
}

function factsOf(header: GgufHeader): GgufFacts {
  const text = (key: string) => {
    const value = header.metadata.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const count = (key: string) => {
    const value = header.metadata.get(key);
    return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  };
  const architecture = text("general.architecture");
  const contextLength = architecture === undefined ? undefined : count(`${architecture}.context_length`);
  const chatTemplate = text("tokenizer.chat_template");
  const fileType = count("general.file_type");
  return {
    ...(architecture === undefined ? {} : { architecture }),
    ...(contextLength === undefined ? {} : { context_length: contextLength }),
    ...(chatTemplate === undefined ? {} : { chat_template: chatTemplate }),
    total: header.parameterCount,
    ...(fileType === undefined ? {} : { file_type: ggufFileTypeLabel(fileType) ?? fileType }),
  };
}

/** Reads the GGUF header at the start of `bytes` (the first megabytes of a file are enough for most models). */
export function readGgufHeader(bytes: Uint8Array): GgufReadResult {
  const cursor = new ByteCursor(bytes);
  try {
    const { version, tensorCount, kvCount } = readPreamble(cursor);
    const metadata = new Map<string, GgufMetadataValue>();
    for (let i = 0; i < kvCount; i++) {
      const key = cursor.text(cursor.stringLength(GGUF_LIMITS.maxKeyBytes, `key ${i}`), `key ${i}`);
      const value = readValue(cursor, valueType(cursor, `"${key}"`), `"${key}"`);
      if (!metadata.has(key)) metadata.set(key, value);
    }
    const tensorTypes: Record<string, number> = {};
    let parameterCount = 0;
    for (let i = 0; i < tensorCount; i++) parameterCount += readTensorInfo(cursor, i, tensorTypes);
    if (!Number.isSafeInteger(parameterCount)) throw new GgufReadError("hostile", "tensors hold more than 2^53 values");
    const header: GgufHeader = {
      version,
      littleEndian: cursor.littleEndian,
      tensorCount,
      metadata,
      tensorTypes,
      parameterCount,
      headerBytes: cursor.offset,
    };
    return { ok: true, header, facts: factsOf(header) };
  } catch (error) {
    if (!(error instanceof GgufReadError)) throw error;
    return {
      ok: false,
      problem: error.problem,
      reason: error.message,
      ...(error.neededBytes === undefined ? {} : { neededBytes: error.neededBytes }),
    };
  }
}
