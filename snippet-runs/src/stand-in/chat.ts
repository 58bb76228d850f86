// Chat completions (the OpenAI protocol every chat provider and the router speak): checks and answers.
import { type Exchange, json, jsonBody, type Reply, sse } from "./exchange.js";

/** The assistant's reply; streamed in three deltas, so a reader that drops one prints less than this. */
export const CHAT_REPLY = "The capital of France is Paris.";
const DELTAS = ["The capital", " of France", " is Paris."];

/**
 * Checks a chat-completions POST: JSON body, `model` one of `models`, well-formed `messages`, `stream` and the
 * sampling options exactly as the run asked; answers a completion or an event stream.
 */
export function chatCompletion(exchange: Exchange, models: readonly string[]): Reply {
  if (exchange.request.method !== "POST")
    exchange.violation(`chat completions take POST, got ${exchange.request.method}`);
  const body = jsonBody(exchange) ?? {};
  const options = exchange.run.options;
  if (typeof body.model !== "string" || !models.includes(body.model)) {
    exchange.violation(`model must be one of ${JSON.stringify(models)}, got ${JSON.stringify(body.model)}`);
  }
  checkMessages(exchange, body.messages);
  const stream = body.stream === true;
  if (stream !== (options.streaming === true))
    exchange.violation(`stream must be ${options.streaming === true}, got ${JSON.stringify(body.stream)}`);
  for (const name of ["temperature", "max_tokens", "top_p"] as const) {
    const wanted = options[name];
    if (body[name] !== wanted && !(wanted === undefined && body[name] === null)) {
      exchange.violation(
        `${name} must be ${wanted === undefined ? "absent" : wanted}, got ${JSON.stringify(body[name])}`,
      );
    }
  }
  const model = typeof body.model === "string" ? body.model : "unknown";
  const base = { id: "chatcmpl-snippet-runs", created: 1_764_000_000, model };
  if (!stream) {
    return json({
      ...base,
      object: "chat.completion",
      choices: [
        { index: 0, message: { role: "assistant", content: CHAT_REPLY }, finish_reason: "stop", logprobs: null },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
    });
  }
  const chunk = (delta: object, finish: string | null) => ({
    ...base,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  return sse([
    chunk({ role: "assistant", content: "" }, null),
    ...DELTAS.map((content) => chunk({ content }, null)),
    chunk({}, "stop"),
    // Providers end with a usage chunk whose `choices` is empty: readers must not index it blindly.
    {
      ...base,
      object: "chat.completion.chunk",
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
    },
  ]);
}

function checkMessages(exchange: Exchange, messages: unknown): void {
  if (!Array.isArray(messages) || messages.length === 0) {
    exchange.violation("messages must be a non-empty array");
    return;
  }
  for (const message of messages as Array<Record<string, unknown>>) {
    if (typeof message?.role !== "string") exchange.violation("each message needs a string role");
    const content = message?.content;
    if (typeof content === "string") continue;
    if (!Array.isArray(content)) {
      exchange.violation("message content must be a string or an array of parts");
      continue;
    }
    for (const part of content as Array<Record<string, unknown>>) {
      const ok =
        (part?.type === "text" && typeof part.text === "string") ||
        (part?.type === "image_url" &&
          typeof (part.image_url as Record<string, unknown> | undefined)?.url === "string");
      if (!ok) exchange.violation(`bad message part ${JSON.stringify(part)}`);
    }
  }
}
