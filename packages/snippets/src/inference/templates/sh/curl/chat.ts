// sh × curl: the raw chat-completions POST.
import { lines, shQuote, toJson } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { curl, shHeaders } from "../code.js";

/** A chat completion POST; the reply is in `choices[0].message` of the printed JSON. */
export function chat(ctx: ChatContext): string {
  return lines(
    curl(`${ctx.route.baseUrl}/chat/completions`, [...shHeaders(ctx.target, "application/json"), body(ctx, false)]),
  );
}

/** A streamed chat completion: curl prints the server-sent events (`delta.content`) as they arrive, until `[DONE]`. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    curl(`${ctx.route.baseUrl}/chat/completions`, [
      "--no-buffer",
      ...shHeaders(ctx.target, "application/json"),
      body(ctx, true),
    ]),
  );
}

function body(ctx: ChatContext, stream: boolean): string {
  return `-d ${shQuote(toJson({ model: ctx.route.model, messages: ctx.messages, stream, ...ctx.sampling }))}`;
}
