// Small real GGUF files for tests, written with the engine's GGUF writer.
import { GGUF_FILE_TYPES, type GgmlTensorType, type GgufFileType, writeGguf } from "@modelhub/snippets";

/** The chat template the tiny files carry. */
export const TINY_CHAT_TEMPLATE = "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}{% endfor %}";

/** A two-tensor llama GGUF of `fileType`, with a chat template; `padding` adds a long metadata string. */
export function tinyGguf(fileType: GgufFileType, tensorType: GgmlTensorType, padding = 0): Buffer {
  return Buffer.from(
    writeGguf({
      metadata: [
        ["general.architecture", { type: "STRING", value: "llama" }],
        ["general.file_type", { type: "UINT32", value: GGUF_FILE_TYPES[fileType] }],
        ["llama.context_length", { type: "UINT32", value: 2048 }],
        ...(padding > 0 ? ([["x.padding", { type: "STRING", value: "x".repeat(padding) }]] as const) : []),
        ["tokenizer.chat_template", { type: "STRING", value: TINY_CHAT_TEMPLATE }],
      ],
      tensors: [
        { name: "token_embd.weight", shape: [256, 8], type: tensorType },
        { name: "output_norm.weight", shape: [256], type: "F32" },
      ],
    }),
  );
}

/** Parameters of `tinyGguf`'s tensors. */
export const TINY_GGUF_TOTAL = 256 * 8 + 256;
