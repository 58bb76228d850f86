// python × huggingface_hub: chat completions through InferenceClient.
import { lines, pyStr, pyValue } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { pyCall } from "../code.js";
import { clientSetup } from "./client.js";

/** A chat completion, printed whole. */
export function chat(ctx: ChatContext): string {
  return lines(
    ...clientSetup(ctx.target),
    `completion = ${pyCall("client.chat.completions.create", createArgs(ctx, false))}`,
    "",
    "print(completion.choices[0].message)",
  );
}

/** A streamed chat completion, printed as the deltas arrive. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    ...clientSetup(ctx.target),
    `stream = ${pyCall("client.chat.completions.create", createArgs(ctx, true))}`,
    "",
    "for chunk in stream:",
    "    if chunk.choices:",
    '        print(chunk.choices[0].delta.content or "", end="", flush=True)',
    "print()",
  );
}

function createArgs(ctx: ChatContext, stream: boolean): string[] {
  const args = [`model=${pyStr(ctx.target.hubModel)}`, `messages=${ctx.messagesCode.python}`];
  for (const [name, value] of Object.entries(ctx.sampling)) args.push(`${name}=${pyValue(value)}`);
  if (stream) args.push("stream=True");
  return args;
}
