// python × openai: chat completions through the OpenAI SDK, pointed at the router, the provider or an endpoint.
import { lines, pyHeaderStr, pyStr, pyValue } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { pyCall, pyEnv } from "../code.js";

/** A chat completion, printed whole. */
export function chat(ctx: ChatContext): string {
  return lines(
    ...setup(ctx),
    `completion = ${pyCall("client.chat.completions.create", createArgs(ctx, false))}`,
    "",
    "print(completion.choices[0].message)",
  );
}

/** A streamed chat completion, printed as the deltas arrive. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    ...setup(ctx),
    `stream = ${pyCall("client.chat.completions.create", createArgs(ctx, true))}`,
    "",
    "for chunk in stream:",
    "    if chunk.choices:",
    '        print(chunk.choices[0].delta.content or "", end="", flush=True)',
    "print()",
  );
}

function setup(ctx: ChatContext): string[] {
  const { target } = ctx;
  const args = [`base_url=${pyStr(ctx.route.baseUrl)}`, `api_key=${pyEnv(target)}`];
  if (target.billTo !== null) args.push(`default_headers={"X-HF-Bill-To": ${pyHeaderStr(target.billTo)}}`);
  return ["import os", "from openai import OpenAI", "", `client = ${pyCall("OpenAI", args)}`, ""];
}

function createArgs(ctx: ChatContext, stream: boolean): string[] {
  const args = [`model=${pyStr(ctx.route.model)}`, `messages=${ctx.messagesCode.python}`];
  for (const [name, value] of Object.entries(ctx.sampling)) args.push(`${name}=${pyValue(value)}`);
  if (stream) args.push("stream=True");
  return args;
}
