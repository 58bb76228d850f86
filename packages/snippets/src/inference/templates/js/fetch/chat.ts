// js × fetch: the raw chat-completions POST.
import { jsStr, jsValue, lines } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { deeper, jsObject } from "../code.js";
import { postLines } from "./post.js";

/** A chat completion POST, the reply read from `choices[0].message`. */
export function chat(ctx: ChatContext): string {
  return lines(...post(ctx, false), "const result = await response.json();", "console.log(result.choices[0].message);");
}

/** A streamed chat completion: server-sent events read line by line, `delta.content` written until `[DONE]`. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    ...post(ctx, true),
    "const decoder = new TextDecoder();",
    'let buffer = "";',
    "read: for await (const bytes of response.body) {",
    "    buffer += decoder.decode(bytes, { stream: true });",
    '    const events = buffer.split("\\n");',
    '    buffer = events.pop() ?? "";',
    "    for (const line of events) {",
    '        if (!line.startsWith("data:")) continue;',
    "        const data = line.slice(5).trim();",
    '        if (data === "[DONE]") break read;',
    "        const chunk = JSON.parse(data);",
    '        process.stdout.write(chunk.choices[0]?.delta?.content ?? "");',
    "    }",
    "}",
  );
}

function post(ctx: ChatContext, stream: boolean): string[] {
  const body = jsObject(
    [
      ["model", jsStr(ctx.route.model)],
      ["messages", deeper(ctx.messagesCode.js)],
      ["stream", String(stream)],
      ...Object.entries(ctx.sampling).map(([name, value]) => [name, jsValue(value)] as const),
    ],
    1,
    true,
  );
  return postLines(ctx.target, `${ctx.route.baseUrl}/chat/completions`, "application/json", `JSON.stringify(${body})`);
}
