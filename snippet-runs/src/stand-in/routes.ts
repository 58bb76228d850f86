// Which API a request path names: the router's chat, a provider's API below `/<provider>`, or a provider's own host.
import { PROVIDER_APIS } from "./apis.js";
import { chatCompletion } from "./chat.js";
import { type Exchange, json, type Reply } from "./exchange.js";
import { hfTask } from "./hf-tasks.js";
import { falApi, novitaApi, openAiMedia, replicateApi, wavespeedApi } from "./media-apis.js";

/** A request to router.huggingface.co: its OpenAI-compatible chat, or a provider's API below `/<provider>`. */
export function routeRouter(exchange: Exchange): Reply {
  const path = exchange.url.pathname;
  const model = exchange.run.model;
  if (path === "/v1/chat/completions") {
    // `<id>` lets the router pick; `<id>:<provider>` pins a provider the model is mapped to.
    const pinned = Object.keys(model.inferenceProviderMapping ?? {}).map((provider) => `${model.id}:${provider}`);
    return chatCompletion(exchange, [model.id, ...pinned]);
  }
  const [, provider, ...rest] = path.split("/");
  if (!provider || !PROVIDER_APIS[provider]) return unknown(exchange);
  return routeProvider(exchange, provider, `/${rest.join("/")}`);
}

/** A request to a provider's API (own host or routed), or to the custom endpoint (`provider` = `endpoint`). */
export function routeProvider(exchange: Exchange, provider: string, path: string): Reply {
  const { model } = exchange.run;
  if (provider === "endpoint") {
    if (path === "/v1/chat/completions") return chatCompletion(exchange, [model.id, "tgi"]);
    // Endpoints (TGI) also speak OpenAI's completions API for plain text generation.
    if (path === "/v1/completions" && exchange.run.task === "text-generation") {
      return openAiMedia(exchange, provider, "/completions", null) ?? unknown(exchange);
    }
    return path === "/" ? hfTask(exchange) : unknown(exchange);
  }
  if (provider === "hf-inference") return hfInference(exchange, path);
  const providerId = model.inferenceProviderMapping?.[provider]?.providerId;
  if (providerId === undefined) exchange.violation(`${model.id} is not mapped to ${provider}`);
  const api = PROVIDER_APIS[provider]!;
  if (api.openAi !== null && path.startsWith(`${api.openAi}/`)) {
    const operation = path.slice(api.openAi.length);
    if (operation === "/chat/completions") return chatCompletion(exchange, [providerId ?? ""]);
    return openAiMedia(exchange, provider, operation, providerId ?? "") ?? unknown(exchange);
  }
  const reply =
    provider === "fal-ai"
      ? falApi(exchange, path, providerId ?? "")
      : provider === "replicate"
        ? replicateApi(exchange, path, providerId ?? "")
        : provider === "wavespeed"
          ? wavespeedApi(exchange, path, providerId ?? "")
          : provider === "novita"
            ? novitaApi(exchange, path, providerId ?? "")
            : null;
  return reply ?? unknown(exchange);
}

// `/models/<id>` (+ `/pipeline/<task>` for the tasks a model may serve several of, + `/v1/chat/completions` for chat).
function hfInference(exchange: Exchange, path: string): Reply {
  const { model, task } = exchange.run;
  const prefix = `/models/${model.id}`;
  if (!path.startsWith(prefix)) return unknown(exchange);
  const rest = path.slice(prefix.length);
  if (rest === "/v1/chat/completions") return chatCompletion(exchange, [model.id]);
  if (rest.startsWith("/pipeline/")) {
    const pipeline = rest.slice("/pipeline/".length);
    if (pipeline !== task) exchange.violation(`pipeline path ${pipeline} for a ${task} call`);
  } else if (rest !== "") return unknown(exchange);
  return hfTask(exchange);
}

function unknown(exchange: Exchange): Reply {
  exchange.violation(`no such API: ${exchange.request.method} ${exchange.url.pathname}`);
  return json({ error: "not found" }, 404);
}
