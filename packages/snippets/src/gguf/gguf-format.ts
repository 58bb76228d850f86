// The GGUF container format as far as the header goes: magic, versions, value types and the reader's limits.

/** The four bytes every GGUF file starts with: `GGUF`. */
export const GGUF_MAGIC = [0x47, 0x47, 0x55, 0x46] as const;

/** Header versions the reader accepts (v1 used 32-bit counts and is long gone). */
export const GGUF_VERSIONS = [2, 3] as const;

/** Metadata value types, as numbered in the GGUF format. */
export const GGUF_VALUE_TYPES = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;

/** A metadata value type label, e.g. `STRING`. */
export type GgufValueType = keyof typeof GGUF_VALUE_TYPES;

/** Byte width of each fixed-size value type. */
export const GGUF_VALUE_WIDTHS: Readonly<Record<number, number>> = {
  [GGUF_VALUE_TYPES.UINT8]: 1,
  [GGUF_VALUE_TYPES.INT8]: 1,
  [GGUF_VALUE_TYPES.BOOL]: 1,
  [GGUF_VALUE_TYPES.UINT16]: 2,
  [GGUF_VALUE_TYPES.INT16]: 2,
  [GGUF_VALUE_TYPES.UINT32]: 4,
  [GGUF_VALUE_TYPES.INT32]: 4,
  [GGUF_VALUE_TYPES.FLOAT32]: 4,
  [GGUF_VALUE_TYPES.UINT64]: 8,
  [GGUF_VALUE_TYPES.INT64]: 8,
  [GGUF_VALUE_TYPES.FLOAT64]: 8,
};

/**
 * What a header may claim before the reader calls it hostile. Real files stay far below: the largest models have
 * a few thousand tensors and a few dozen keys; the longest strings are chat templates of tens of kilobytes.
 */
export const GGUF_LIMITS = {
  /** Tensors in one file. */
  maxTensors: 1_000_000,
  /** Metadata keys in one file. */
  maxKeys: 100_000,
  /** Elements of one metadata array (vocabularies reach a few hundred thousand). */
  maxArrayLength: 50_000_000,
  /** Bytes of one string value. */
  maxStringBytes: 16 * 1024 * 1024,
  /** Bytes of one key (the format's own limit). */
  maxKeyBytes: 65_535,
  /** Dimensions of one tensor (ggml has 4). */
  maxDims: 8,
  /** Strings longer than this are kept in `metadata` as their length only. */
  keptStringBytes: 64 * 1024,
} as const;
