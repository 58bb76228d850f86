// GGUF quantization enumerations (spec §3) and a quant-label reader for file names.

/** GGUF file types (`general.file_type`), as numbered by llama.cpp; the XL variants are the hub's own, from 1000. */
export const GGUF_FILE_TYPES = {
  F32: 0,
  F16: 1,
  Q4_0: 2,
  Q4_1: 3,
  Q8_0: 7,
  Q5_0: 8,
  Q5_1: 9,
  Q2_K: 10,
  Q3_K_S: 11,
  Q3_K_M: 12,
  Q3_K_L: 13,
  Q4_K_S: 14,
  Q4_K_M: 15,
  Q5_K_S: 16,
  Q5_K_M: 17,
  Q6_K: 18,
  IQ2_XXS: 19,
  IQ2_XS: 20,
  Q2_K_S: 21,
  IQ3_XS: 22,
  IQ3_XXS: 23,
  IQ1_S: 24,
  IQ4_NL: 25,
  IQ3_S: 26,
  IQ3_M: 27,
  IQ2_S: 28,
  IQ2_M: 29,
  IQ4_XS: 30,
  IQ1_M: 31,
  BF16: 32,
  Q4_0_4_4: 33,
  Q4_0_4_8: 34,
  Q4_0_8_8: 35,
  TQ1_0: 36,
  TQ2_0: 37,
  MXFP4_MOE: 38,
  Q2_K_XL: 1000,
  Q3_K_XL: 1001,
  Q4_K_XL: 1002,
  Q5_K_XL: 1003,
  Q6_K_XL: 1004,
  Q8_K_XL: 1005,
} as const;

/** A GGUF file type label, e.g. `Q4_K_M`. */
export type GgufFileType = keyof typeof GGUF_FILE_TYPES;

/** GGML tensor types, as numbered in the GGUF format. */
export const GGML_TENSOR_TYPES = {
  F32: 0,
  F16: 1,
  Q4_0: 2,
  Q4_1: 3,
  Q5_0: 6,
  Q5_1: 7,
  Q8_0: 8,
  Q8_1: 9,
  Q2_K: 10,
  Q3_K: 11,
  Q4_K: 12,
  Q5_K: 13,
  Q6_K: 14,
  Q8_K: 15,
  IQ2_XXS: 16,
  IQ2_XS: 17,
  IQ3_XXS: 18,
  IQ1_S: 19,
  IQ4_NL: 20,
  IQ3_S: 21,
  IQ2_S: 22,
  IQ4_XS: 23,
  I8: 24,
  I16: 25,
  I32: 26,
  I64: 27,
  F64: 28,
  IQ1_M: 29,
  BF16: 30,
  TQ1_0: 34,
  TQ2_0: 35,
  MXFP4: 39,
} as const;

/** A GGML tensor type label, e.g. `Q8_0`. */
export type GgmlTensorType = keyof typeof GGML_TENSOR_TYPES;

const FILE_TYPE_BY_NUMBER: ReadonlyMap<number, GgufFileType> = new Map(
  (Object.entries(GGUF_FILE_TYPES) as Array<[GgufFileType, number]>).map(([label, n]) => [n, label]),
);

/** The label of a GGUF file type number, or undefined when the number is not known. */
export function ggufFileTypeLabel(value: number): GgufFileType | undefined {
  return FILE_TYPE_BY_NUMBER.get(value);
}

/** A quant label a file name can carry: a file type, or `MXFP4` (gpt-oss files name their tensor type). */
export type BaseQuantLabel = GgufFileType | "MXFP4";

/** A quant label as read from a file name; `UD-` marks Unsloth's dynamic quants of the same base type. */
export type QuantLabel = BaseQuantLabel | `UD-${BaseQuantLabel}`;

const BASE_LABELS: readonly BaseQuantLabel[] = [...(Object.keys(GGUF_FILE_TYPES) as GgufFileType[]), "MXFP4"];

// A label is a whole token: after the start, `-`, `.`, `_` or `/`, and before the end, `-`, `.` or `/` (not `_`,
// so `Q6_K_L` is not read as `Q6_K`). Longest labels first so that `Q4_0_4_4` wins over `Q4_0`.
const QUANT_LABEL_RE = new RegExp(
  `(?:^|[-._/])((?:UD-)?(?:${[...BASE_LABELS].sort((a, b) => b.length - a.length).join("|")}))(?=$|[-./])`,
  "i",
);

/** The quant label in one path segment, or undefined. */
function labelIn(segment: string): QuantLabel | undefined {
  const match = QUANT_LABEL_RE.exec(segment);
  return match?.[1] ? (match[1].toUpperCase() as QuantLabel) : undefined;
}

/**
 * The quantization label of a GGUF file path (`model-Q4_K_M.gguf` → `Q4_K_M`, `UD-Q4_K_XL`), or undefined when
 * there is none. The file name is read first, then its folders from the nearest (`Q4_K_M/x-00001-of-00003.gguf`).
 */
export function parseQuantLabel(path: string): QuantLabel | undefined {
  const segments = path.split("/");
  for (let i = segments.length - 1; i >= 0; i--) {
    const label = labelIn(segments[i] as string);
    if (label) return label;
  }
  return undefined;
}

/** The base type of a label: `UD-Q4_K_XL` → `Q4_K_XL`. */
export function baseQuantLabel(label: QuantLabel): BaseQuantLabel {
  return (label.startsWith("UD-") ? label.slice(3) : label) as BaseQuantLabel;
}
