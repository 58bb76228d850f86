// Tiny weight files with valid headers: a safetensors file with one small tensor, and a GGUF file whose header
// names the quant type of its file name, so readers (the file list, the local-apps quant picker) see real facts.
import { baseQuantLabel, GGUF_FILE_TYPES, type GgufFileType, parseQuantLabel, writeGguf } from "@modelhub/snippets";

/** A safetensors file: 8-byte little-endian header length, the JSON header, then one 2×2 F32 tensor of zeroes. */
export function tinySafetensors(): Buffer {
  const header = JSON.stringify({
    __metadata__: { format: "pt", note: "modelhub demo file: a valid header and one tiny tensor" },
    "embed.weight": { dtype: "F32", shape: [2, 2], data_offsets: [0, 16] },
  });
  // The header is padded with spaces to a multiple of 8, as the format recommends.
  const padded = header.padEnd(Math.ceil(header.length / 8) * 8, " ");
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(padded.length));
  return Buffer.concat([length, Buffer.from(padded), Buffer.alloc(16)]);
}

const CHAT_TEMPLATE =
  "{% for message in messages %}<|{{ message.role }}|>\n{{ message.content }}\n{% endfor %}<|assistant|>\n";

/** A GGUF file for `path`: llama-style metadata, the file type of the name's quant label, a chat template. */
export function tinyGguf(path: string, modelName: string): Buffer {
  const label = parseQuantLabel(path);
  const base = label ? baseQuantLabel(label) : "F16";
  const fileType = (base in GGUF_FILE_TYPES ? base : "F16") as GgufFileType;
  const bytes = writeGguf({
    metadata: [
      ["general.architecture", { type: "STRING", value: "llama" }],
      ["general.name", { type: "STRING", value: modelName }],
      ["general.file_type", { type: "UINT32", value: GGUF_FILE_TYPES[fileType] }],
      ["llama.context_length", { type: "UINT32", value: 8192 }],
      ["llama.block_count", { type: "UINT32", value: 1 }],
      ["tokenizer.ggml.model", { type: "STRING", value: "gpt2" }],
      ["tokenizer.ggml.tokens", { type: "ARRAY", itemType: "STRING", values: ["<s>", "</s>", "hello", "world"] }],
      ["tokenizer.chat_template", { type: "STRING", value: CHAT_TEMPLATE }],
    ],
    tensors: [{ name: "token_embd.weight", shape: [32, 2], type: "F32" }],
  });
  return Buffer.from(bytes);
}
