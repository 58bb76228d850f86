// python × requests: the raw chat-completions POST.
import { lines, pyStr, pyValue } from "../../../../code/index.js";
import type { ChatContext } from "../../context.js";
import { deeper, pyCall, pyDict } from "../code.js";
import { headerLines } from "./headers.js";

/** A chat completion POST, the reply read from `choices[0].message`. */
export function chat(ctx: ChatContext): string {
  return lines(
    "import os",
    "import requests",
    "",
    ...headerLines(ctx.target, "application/json"),
    "",
    `response = ${pyCall("requests.post", [pyStr(`${ctx.route.baseUrl}/chat/completions`), "headers=headers", `json=${payload(ctx, false)}`])}`,
    "response.raise_for_status()",
    'print(response.json()["choices"][0]["message"])',
  );
}

/** A streamed chat completion: server-sent events read line by line until `[DONE]`. */
export function chatStream(ctx: ChatContext): string {
  return lines(
    "import json",
    "import os",
    "import requests",
    "",
    ...headerLines(ctx.target, "application/json"),
    "",
    `response = ${pyCall("requests.post", [pyStr(`${ctx.route.baseUrl}/chat/completions`), "headers=headers", `json=${payload(ctx, true)}`, "stream=True"])}`,
    "response.raise_for_status()",
    "for line in response.iter_lines():",
    '    if not line.startswith(b"data:"):',
    "        continue",
    "    data = line[5:].strip()",
    '    if data == b"[DONE]":',
    "        break",
    "    chunk = json.loads(data)",
    '    if chunk["choices"]:',
    '        print(chunk["choices"][0]["delta"].get("content") or "", end="", flush=True)',
    "print()",
  );
}

function payload(ctx: ChatContext, stream: boolean): string {
  return pyDict([
    ["model", pyStr(ctx.route.model)],
    ["messages", deeper(ctx.messagesCode.python)],
    ["stream", stream ? "True" : "False"],
    ...Object.entries(ctx.sampling).map(([name, value]) => [name, pyValue(value)] as const),
  ]);
}
