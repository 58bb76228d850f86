// The chat parts of the transformers snippets: the example conversation and the generation call.
import { pyStr } from "../code/python.js";
import { EXAMPLE_CHAT_IMAGE, EXAMPLE_CHAT_QUESTION } from "./text-examples.js";

/** Example generation is limited to this many new tokens, so a pasted snippet answers quickly (spec §9). */
export const MAX_NEW_TOKENS = 40;

/** What a chat example holds: text only, or an image plus text (image-text-to-text). */
export type ChatKind = "text" | "image";

const TEXT_MESSAGES = `messages = [
    {"role": "user", "content": ${pyStr(EXAMPLE_CHAT_QUESTION)}},
]`;

const IMAGE_MESSAGES = `messages = [
    {
        "role": "user",
        "content": [
            {"type": "image", "url": ${pyStr(EXAMPLE_CHAT_IMAGE.url)}},
            {"type": "text", "text": ${pyStr(EXAMPLE_CHAT_IMAGE.question)}},
        ],
    },
]`;

/** Python lines assigning the example conversation to `messages`. */
export function chatMessages(kind: ChatKind): string {
  return kind === "image" ? IMAGE_MESSAGES : TEXT_MESSAGES;
}

/** Python lines calling a chat pipeline `pipe` on `messages` and printing the reply. */
export function chatPipelineCall(kind: ChatKind): string {
  // The image-text-to-text pipeline takes the conversation as `text`; text generation as its first argument.
  const input = kind === "image" ? "text=messages" : "messages";
  return `output = pipe(${input}, max_new_tokens=${MAX_NEW_TOKENS})\nprint(output[0]["generated_text"])`;
}

/**
 * Python lines that render `messages` with the chat template of `processor` (a tokenizer or processor
 * variable name), generate a reply with `model` and print only the new tokens.
 */
export function chatGenerate(processor: string): string {
  return `inputs = ${processor}.apply_chat_template(
    messages,
    add_generation_prompt=True,
    tokenize=True,
    return_dict=True,
    return_tensors="pt",
).to(model.device)

outputs = model.generate(**inputs, max_new_tokens=${MAX_NEW_TOKENS})
print(${processor}.decode(outputs[0][inputs["input_ids"].shape[-1]:], skip_special_tokens=True))`;
}
