// The raw HTTP request of a non-chat call, per provider request style: the "provider helpers".
import { urlPath } from "../code/url.js";
import { INFERENCE_PROVIDERS, type ServiceProvider } from "./providers.js";
import type { CallTarget } from "./target.js";
import { type JsonValue, MEDIA_TYPES, OUTPUT_FILES, type TaskInput, type TaskIo } from "./task-inputs.js";
import type { InferenceTask } from "./tasks.js";

/** A local file whose content goes into a JSON body, base64-encoded (as a data URL when `dataUrl` is set). */
export class FileRef {
  constructor(
    /** Path of the file, as the caller gave it. */
    readonly path: string,
    /** Media type for a `data:` URL, or null for bare base64. */
    readonly dataUrl: string | null,
  ) {}
}

/** A JSON body that may hold file contents. */
export type BodyValue = JsonValue | FileRef | BodyValue[] | { [key: string]: BodyValue };

/** A key path into a JSON response, e.g. `["images", 0, "url"]`. */
export type ResponsePath = readonly (string | number)[];

/** What to do with the response. */
export type ResponseSpec =
  | { kind: "json"; path: ResponsePath }
  | { kind: "bytes"; file: string }
  | { kind: "base64"; path: ResponsePath; file: string };

/** A JSON body and the file it holds, if any (at most one: one input file per call). */
export interface JsonBody {
  /** The body. */
  value: BodyValue;
  /** The file reference inside `value`, or null. */
  file: FileRef | null;
}

/** The body of a request. */
export type RequestBody = ({ kind: "json" } & JsonBody) | { kind: "file"; path: string; contentType: string };

/** One raw HTTP POST; the templates add the Authorization, Content-Type and billing headers. */
export interface HttpRequest {
  /** Full URL. */
  url: string;
  /** Extra headers the provider needs (name, value). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** JSON or a raw file. */
  body: RequestBody;
  /** Reading of the response. */
  response: ResponseSpec;
}

/** A call through the `fal_client` SDK: model, arguments and where the result is. */
export interface FalCall {
  /** fal model id. */
  model: string;
  /** `arguments` of `subscribe`. */
  arguments: JsonBody;
  /** Key path of the interesting part of the result. */
  result: ResponsePath;
}

const WHOLE: ResponsePath = [];

/**
 * The raw request for a non-chat task, or null when the provider's API must be polled (an async queue):
 * then only the hub clients, which poll, get a snippet.
 */
export function taskRequest(target: CallTarget, task: InferenceTask, io: TaskIo, input: TaskInput): HttpRequest | null {
  if (target.mode === "endpoint") return hfRequest(target.baseUrl, task, io, input);
  const entry: ServiceProvider = INFERENCE_PROVIDERS[target.provider];
  switch (entry.requestStyle) {
    case "hf":
      return hfRequest(
        `${target.baseUrl}/models/${urlPath(target.providerModel)}${PIPELINE_PATHS[task] ?? ""}`,
        task,
        io,
        input,
      );
    case "openai":
      return openAiRequest(target, entry, task, input);
    case "fal": {
      const call = falCall(target.providerModel, task, input);
      return (
        call && {
          url: `${target.baseUrl}/${urlPath(call.model)}`,
          headers: [],
          body: { kind: "json", ...call.arguments },
          response: jsonResponse(call.result),
        }
      );
    }
    case "replicate":
      return replicateRequest(target, task, input);
    case "async":
      return null;
  }
}

/** The `fal_client` call of a task, or null when fal has no model shape for it. */
export function falCall(model: string, task: InferenceTask, input: TaskInput): FalCall | null {
  const text = "text" in input ? input.text : "";
  const file = "file" in input ? input.file : "";
  switch (task) {
    case "text-to-image":
      return { model, arguments: jsonOf({ prompt: text }), result: ["images", 0, "url"] };
    case "text-to-video":
      return { model, arguments: jsonOf({ prompt: text }), result: ["video", "url"] };
    case "text-to-speech":
      return { model, arguments: jsonOf({ text }), result: ["audio", "url"] };
    case "image-to-image":
      return { model, arguments: jsonOf({ image_url: image(file), prompt: text }), result: ["images", 0, "url"] };
    case "image-to-video":
      return { model, arguments: jsonOf({ image_url: image(file), prompt: text }), result: ["video", "url"] };
    case "automatic-speech-recognition":
      return { model, arguments: jsonOf({ audio_url: new FileRef(file, MEDIA_TYPES.audio) }), result: ["text"] };
    default:
      return null;
  }
}

// hf-inference serves some models for several pipelines; these paths pin the one the snippet shows.
const PIPELINE_PATHS: Partial<Record<InferenceTask, string>> = {
  "feature-extraction": "/pipeline/feature-extraction",
  "sentence-similarity": "/pipeline/sentence-similarity",
};

function hfRequest(url: string, task: InferenceTask, io: TaskIo, input: TaskInput): HttpRequest {
  const response: ResponseSpec =
    io.output === "json" ? jsonResponse(WHOLE) : { kind: "bytes", file: OUTPUT_FILES[io.output] };
  if (input.kind === "file") {
    return {
      url,
      headers: [],
      body: { kind: "file", path: input.file, contentType: MEDIA_TYPES[io.media ?? "image"] },
      response,
    };
  }
  return { url, headers: [], body: jsonBody(hfBody(task, io, input)), response };
}

function hfBody(task: InferenceTask, io: TaskIo, input: TaskInput): { [key: string]: BodyValue } {
  switch (input.kind) {
    case "text":
      return { inputs: input.text };
    case "text-labels":
      return { inputs: input.text, parameters: { candidate_labels: input.labels } };
    case "sentences":
      return { inputs: { source_sentence: input.source, sentences: input.sentences } };
    case "qa":
      return { inputs: { question: input.question, context: input.context } };
    case "table-qa":
      return { inputs: { query: input.query, table: input.table } };
    case "tabular":
      return { inputs: { data: input.data } };
    case "file":
      return { inputs: new FileRef(input.file, null) };
    case "file-labels":
      return { inputs: new FileRef(input.file, null), parameters: { candidate_labels: input.labels } };
    case "file-text":
      // Questions about an image travel with it in `inputs`; a prompt that steers generation is a parameter.
      return io.textKey === "question" || task === "document-question-answering"
        ? { inputs: { image: new FileRef(input.file, null), question: input.text } }
        : { inputs: new FileRef(input.file, null), parameters: { prompt: input.text } };
  }
}

function openAiRequest(
  target: CallTarget,
  entry: ServiceProvider,
  task: InferenceTask,
  input: TaskInput,
): HttpRequest | null {
  const base = `${target.baseUrl}${entry.openAiPath ?? ""}`;
  const text = "text" in input ? input.text : "";
  const model = target.providerModel;
  switch (task) {
    case "text-to-image":
      return {
        url: `${base}/images/generations`,
        headers: [],
        body: jsonBody({ prompt: text, model, response_format: entry.imagesBase64Format ?? "b64_json" }),
        response: { kind: "base64", path: ["data", 0, "b64_json"], file: OUTPUT_FILES.image },
      };
    case "feature-extraction":
      return {
        url: `${base}/embeddings`,
        headers: [],
        body: jsonBody({ input: text, model }),
        response: jsonResponse(["data", 0, "embedding"]),
      };
    case "text-generation":
      return {
        url: `${base}/completions`,
        headers: [],
        body: jsonBody({ prompt: text, model }),
        response: jsonResponse(["choices", 0, "text"]),
      };
    default:
      return null;
  }
}

function replicateRequest(target: CallTarget, task: InferenceTask, input: TaskInput): HttpRequest | null {
  const text = "text" in input ? input.text : "";
  const file = "file" in input ? input.file : "";
  const inputs: { [key: string]: BodyValue } | null =
    task === "text-to-image" || task === "text-to-video"
      ? { prompt: text }
      : task === "text-to-speech"
        ? { text }
        : task === "image-to-image"
          ? { image: image(file), prompt: text }
          : task === "automatic-speech-recognition"
            ? { audio: new FileRef(file, MEDIA_TYPES.audio) }
            : null;
  if (inputs === null) return null;
  // `owner/name:version` pins a version, which only the generic predictions route accepts.
  const colon = target.providerModel.indexOf(":");
  const [url, body] =
    colon === -1
      ? [`${target.baseUrl}/v1/models/${urlPath(target.providerModel)}/predictions`, { input: inputs }]
      : [`${target.baseUrl}/v1/predictions`, { version: target.providerModel.slice(colon + 1), input: inputs }];
  // `Prefer: wait` holds the connection until the prediction is done, so one POST is enough.
  return { url, headers: [["Prefer", "wait"]], body: jsonBody(body), response: jsonResponse(["output"]) };
}

function image(path: string): FileRef {
  return new FileRef(path, MEDIA_TYPES.image);
}

function jsonBody(value: { [key: string]: BodyValue }): RequestBody {
  return { kind: "json", ...jsonOf(value) };
}

function jsonOf(value: { [key: string]: BodyValue }): JsonBody {
  return { value, file: findFile(value) };
}

/** The first file reference in a body, or null. */
export function findFile(value: BodyValue): FileRef | null {
  if (value instanceof FileRef) return value;
  if (value === null || typeof value !== "object") return null;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = findFile(item);
    if (found) return found;
  }
  return null;
}

function jsonResponse(path: ResponsePath): ResponseSpec {
  return { kind: "json", path };
}
