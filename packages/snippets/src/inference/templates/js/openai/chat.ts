// js × openai: chat completions through the OpenAI SDK, pointed at the router, the provider or an endpoint.
import { jsHeaderStr, jsStr, jsValue, lines } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { jsCall, jsEnv, jsObject } from "../code.js";

/** A chat completion, printed whole. */
export function chat(ctx: ChatContext): string {
  return lines(
    ...setup(ctx),
    `const completion = await ${jsCall("client.chat.completions.create", [jsObject(createArgs(ctx, false))])};`,
    "",
    "console.log(completion.choices[0].message);",
  );
}

/** A streamed chat completion, written out as the deltas arrive. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    ...setup(ctx),
    `const stream = await ${jsCall("client.chat.completions.create", [jsObject(createArgs(ctx, true))])};`,
    "",
    "for await (const chunk of stream) {",
    '    process.stdout.write(chunk.choices[0]?.delta?.content ?? "");',
    "}",
  );
}

function setup(ctx: ChatContext): string[] {
  const { target } = ctx;
  const args: Array<[string, string]> = [
    ["baseURL", jsStr(ctx.route.baseUrl)],
    ["apiKey", jsEnv(target)],
  ];
  if (target.billTo !== null) args.push(["defaultHeaders", `{ "X-HF-Bill-To": ${jsHeaderStr(target.billTo)} }`]);
  return ['import { OpenAI } from "openai";', "", `const client = new OpenAI(${jsObject(args)});`, ""];
}

function createArgs(ctx: ChatContext, stream: boolean): Array<[string, string]> {
  const args: Array<[string, string]> = [
    ["model", jsStr(ctx.route.model)],
    ["messages", ctx.messagesCode.js],
  ];
  for (const [name, value] of Object.entries(ctx.sampling)) args.push([name, jsValue(value)]);
  if (stream) args.push(["stream", "true"]);
  return args;
}
