// The curl call that tries a local OpenAI-compatible server: the chat form for chat models, else a completion.
import { toJson } from "../code/json.js";
import { shQuote } from "../code/sh.js";
import type { ModelRecord } from "../model.js";
import { isChatModel } from "./model-forms.js";

const IMAGE_URL = "https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg";

function chatBody(model: ModelRecord, served: string): Record<string, unknown> {
  if (model.pipeline_tag === "image-text-to-text") {
    return {
      model: served,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Describe this image in one sentence." },
            { type: "image_url", image_url: { url: IMAGE_URL } },
          ],
        },
      ],
    };
  }
  return { model: served, messages: [{ role: "user", content: "What is the capital of France?" }] };
}

/**
 * `curl` to `baseUrl` (e.g. `http://localhost:8000/v1`) asking model `served` (the name the server knows it by):
 * `/chat/completions` with messages for chat models, `/completions` with a prompt for others.
 */
export function localServerCall(model: ModelRecord, baseUrl: string, served: string): string {
  const chat = isChatModel(model);
  const url = `${baseUrl}/${chat ? "chat/completions" : "completions"}`;
  const body = chat ? chatBody(model, served) : { model: served, prompt: "Once upon a time,", max_tokens: 64 };
  return [
    "# Call the server (OpenAI-compatible API):",
    `curl -X POST ${shQuote(url)} \\`,
    `    -H 'Content-Type: application/json' \\`,
    `    --data ${shQuote(toJson(body))}`,
  ].join("\n");
}
