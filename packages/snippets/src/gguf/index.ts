// Public API of the GGUF reader and the repository's quants.

export type { GgufProblem } from "./byte-cursor.js";
export { GGUF_LIMITS, GGUF_VALUE_TYPES, type GgufValueType } from "./gguf-format.js";
export {
  fitsInMemory,
  type GgufQuant,
  ggufFileQuant,
  ggufQuants,
  ggufSplit,
  isGgufFile,
  MEMORY_HEADROOM,
  MEMORY_SIZES_GB,
} from "./gguf-quants.js";
export {
  type GgufWriteInput,
  type GgufWriteTensor,
  type GgufWriteValue,
  ggufTensorBytes,
  writeGguf,
} from "./gguf-writer.js";
export {
  type GgufFacts,
  type GgufHeader,
  type GgufMetadataValue,
  type GgufReadResult,
  readGgufHeader,
} from "./read-gguf-header.js";
