// js × huggingface.js: chat completions through InferenceClient.
import { jsValue, lines } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { clientCall, clientSetup, routeArgs } from "./client.js";

/** A chat completion, printed whole. */
export function chat(ctx: ChatContext): string {
  return lines(
    ...clientSetup(ctx.target),
    `const chatCompletion = await ${clientCall(ctx.target, "chatCompletion", args(ctx))};`,
    "",
    "console.log(chatCompletion.choices[0].message);",
  );
}

/** A streamed chat completion, written out as the deltas arrive. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    ...clientSetup(ctx.target),
    `const stream = ${clientCall(ctx.target, "chatCompletionStream", args(ctx))};`,
    "",
    "for await (const chunk of stream) {",
    '    process.stdout.write(chunk.choices[0]?.delta?.content ?? "");',
    "}",
  );
}

function args(ctx: ChatContext): Array<[string, string]> {
  const entries: Array<[string, string]> = [...routeArgs(ctx.target, true), ["messages", ctx.messagesCode.js]];
  for (const [name, value] of Object.entries(ctx.sampling)) entries.push([name, jsValue(value)]);
  return entries;
}
