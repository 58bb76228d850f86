// Providers' own (non-chat) APIs: OpenAI-style images, embeddings and completions; fal (direct and queue);
// Replicate predictions; WaveSpeed and Novita tasks. Generated files are answered as URLs on the file hosts.
import { decodeBase64, inputFileOf, PNG } from "../media.js";
import { type Exchange, json, jsonBody, type Reply } from "./exchange.js";
import { MARKER, NUMBER_MARKER } from "./hf-tasks.js";

type Json = Record<string, unknown>;

/** `/images/generations`, `/embeddings`, `/completions` of an OpenAI-compatible API; null for other paths. */
export function openAiMedia(
  exchange: Exchange,
  provider: string,
  operation: string,
  model: string | null,
): Reply | null {
  const body = jsonBody(exchange) ?? {};
  // A custom endpoint serves one model whatever `model` says (null); providers serve the mapped id only.
  if (model !== null && body.model !== model)
    exchange.violation(`model must be ${JSON.stringify(model)}, got ${JSON.stringify(body.model)}`);
  switch (operation) {
    case "/images/generations": {
      need(exchange, typeof body.prompt === "string" && body.prompt !== "", "images need a prompt");
      // Together names its base64 format `base64`; OpenAI-style APIs `b64_json`.
      const format = provider === "together" ? "base64" : "b64_json";
      if (body.response_format !== undefined && body.response_format !== format && body.response_format !== "url") {
        exchange.violation(`response_format must be ${format}, got ${JSON.stringify(body.response_format)}`);
      }
      if (body.response_format === "url") return json({ data: [{ url: fileUrl(exchange, "image.png") }] });
      return json({ data: [{ b64_json: PNG.toString("base64") }] });
    }
    case "/embeddings":
      need(exchange, typeof body.input === "string" || Array.isArray(body.input), "embeddings need input");
      return json({
        object: "list",
        model: model ?? body.model,
        data: [{ object: "embedding", index: 0, embedding: [NUMBER_MARKER, 0.1, -0.2] }],
      });
    case "/completions":
      need(exchange, typeof body.prompt === "string" && body.prompt !== "", "completions need a prompt");
      return json({
        id: "cmpl-snippet-runs",
        object: "text_completion",
        model: model ?? body.model,
        choices: [{ index: 0, text: ` ${MARKER}`, finish_reason: "stop" }],
      });
    default:
      return null;
  }
}

/** fal: POST `/<model>` answers at once (fal.run) or queues (queue host or `?_subdomain=queue`); GETs poll. */
export function falApi(exchange: Exchange, path: string, model: string): Reply | null {
  const { method } = exchange.request;
  const queued = exchange.url.hostname === "queue.fal.run" || exchange.url.searchParams.get("_subdomain") === "queue";
  const request = new RegExp(`^/${escapeRegExp(model)}/requests/([\\w-]+)(/status)?$`).exec(path);
  if (method === "GET" && request) {
    return request[2] ? json({ status: "COMPLETED", request_id: request[1] }) : json(falResult(exchange));
  }
  if (method !== "POST" || path !== `/${model}`) return null;
  checkFalArguments(exchange, jsonBody(exchange) ?? {});
  if (!queued) return json(falResult(exchange));
  const base = `https://queue.fal.run/${model}/requests/req-${exchange.run.id}`;
  return json({
    request_id: `req-${exchange.run.id}`,
    status: "IN_QUEUE",
    response_url: base,
    status_url: `${base}/status`,
  });
}

function checkFalArguments(exchange: Exchange, body: Json): void {
  const task = exchange.run.task;
  const text = (key: string) =>
    need(exchange, typeof body[key] === "string" && body[key] !== "", `fal ${task} needs ${key}`);
  const file = (key: string, media: string) => {
    const decoded = decodeBase64(body[key]);
    need(
      exchange,
      decoded !== null && decoded.mediaType !== null && inputFileOf(decoded.bytes) !== null,
      `fal ${task} needs ${key} as a data URL of the ${media} file`,
    );
  };
  if (task === "text-to-image" || task === "text-to-video") text("prompt");
  else if (task === "text-to-speech") text("text");
  else if (task === "image-to-image" || task === "image-to-video") file("image_url", "image");
  else if (task === "automatic-speech-recognition") file("audio_url", "audio");
  else exchange.violation(`fal does not serve ${task}`);
}

function falResult(exchange: Exchange): Json {
  switch (exchange.run.task) {
    case "automatic-speech-recognition":
      return { text: `${MARKER}: hello world` };
    case "text-to-speech":
      return { audio: { url: fileUrl(exchange, "audio.flac"), content_type: "audio/flac" } };
    case "text-to-video":
    case "image-to-video":
      return { video: { url: fileUrl(exchange, "video.mp4"), content_type: "video/mp4" } };
    default:
      return { images: [{ url: fileUrl(exchange, "image.png"), content_type: "image/png", width: 2, height: 2 }] };
  }
}

/** Replicate: `/v1/models/<owner>/<name>/predictions`, or `/v1/predictions` with a `version` for pinned models. */
export function replicateApi(exchange: Exchange, path: string, model: string): Reply | null {
  const colon = model.indexOf(":");
  const wanted = colon === -1 ? `/v1/models/${model}/predictions` : "/v1/predictions";
  if (exchange.request.method !== "POST" || path !== wanted) return null;
  const body = jsonBody(exchange) ?? {};
  if (colon !== -1 && body.version !== model.slice(colon + 1))
    exchange.violation(`version must be ${model.slice(colon + 1)}`);
  const input = (body.input ?? {}) as Json;
  const task = exchange.run.task;
  const key =
    task === "text-to-speech"
      ? "text"
      : task === "automatic-speech-recognition"
        ? "audio"
        : task === "image-to-image"
          ? "image"
          : "prompt";
  need(exchange, typeof input[key] === "string" && input[key] !== "", `replicate ${task} needs input.${key}`);
  const output =
    task === "automatic-speech-recognition"
      ? { transcription: `${MARKER}: hello world` }
      : fileUrl(
          exchange,
          task === "text-to-speech" ? "audio.flac" : task === "text-to-video" ? "video.mp4" : "image.png",
        );
  return json({ id: `pred-${exchange.run.id}`, model, status: "succeeded", output });
}

/** WaveSpeed: POST `/api/v3/<model>` creates a task; GET `/api/v3/predictions/<id>/result` polls it. */
export function wavespeedApi(exchange: Exchange, path: string, model: string): Reply | null {
  const id = `ws-${exchange.run.id}`;
  if (exchange.request.method === "GET" && path === `/api/v3/predictions/${id}/result`) {
    const file = exchange.run.task.endsWith("video") ? "video.mp4" : "image.png";
    return json({
      code: 200,
      message: "success",
      data: { id, status: "completed", outputs: [fileUrl(exchange, file)] },
    });
  }
  if (exchange.request.method !== "POST" || path !== `/api/v3/${model}`) return null;
  const body = jsonBody(exchange) ?? {};
  need(
    exchange,
    typeof body.prompt === "string" || typeof body.image === "string",
    "wavespeed needs a prompt or an image",
  );
  const get = `https://api.wavespeed.ai/api/v3/predictions/${id}/result`;
  return json({ code: 200, message: "success", data: { id, status: "created", urls: { get } } });
}

/**
 * Novita video: POST `/v3/hf/<model>` answers with the video URL; its async API (POST `/v3/async/<model>`, then
 * GET `/v3/async/task-result?task_id=…`) answers with a task, then the video.
 */
export function novitaApi(exchange: Exchange, path: string, model: string): Reply | null {
  const { method } = exchange.request;
  const taskId = `nv-${exchange.run.id}`;
  if (method === "GET" && path === "/v3/async/task-result") {
    if (exchange.url.searchParams.get("task_id") !== taskId) exchange.violation(`task_id must be ${taskId}`);
    return json({
      task: { task_id: taskId, status: "TASK_STATUS_SUCCEED", progress_percent: 100 },
      videos: [{ video_url: fileUrl(exchange, "video.mp4"), video_url_ttl: "3600", video_type: "mp4" }],
    });
  }
  if (method === "POST" && path === `/v3/async/${model}`) {
    const body = jsonBody(exchange) ?? {};
    need(exchange, typeof body.prompt === "string" && body.prompt !== "", "novita video needs a prompt");
    return json({ task_id: taskId });
  }
  if (method !== "POST" || path !== `/v3/hf/${model}`) return null;
  const body = jsonBody(exchange) ?? {};
  need(exchange, typeof body.prompt === "string" && body.prompt !== "", "novita video needs a prompt");
  return json({ video: { video_url: fileUrl(exchange, "video.mp4") } });
}

function fileUrl(exchange: Exchange, name: string): string {
  const host = exchange.url.hostname.includes("replicate")
    ? "replicate.delivery"
    : exchange.url.pathname.includes("wavespeed") || exchange.url.hostname.includes("wavespeed")
      ? "files.wavespeed.test"
      : "v3.fal.media";
  return `https://${host}/r${exchange.run.id}/${name}`;
}

function need(exchange: Exchange, ok: boolean, text: string): boolean {
  if (!ok) exchange.violation(text);
  return ok;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
