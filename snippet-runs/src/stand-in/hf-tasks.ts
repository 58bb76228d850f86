// The hub's own inference API (hf-inference, and custom endpoints that serve one model): per task, the request
// shape its documentation gives and a realistic answer.
import { decodeBase64, FLAC_OUT, INPUT_FILES, inputFileOf, PNG } from "../media.js";
import { bytes, type Exchange, json, type Reply } from "./exchange.js";

/** The word every JSON answer carries, so a run can show that the snippet printed the answer. */
export const MARKER = "snippet-run-ok";
/** The number every numeric answer starts with. */
export const NUMBER_MARKER = 0.4242;

type Json = Record<string, unknown>;
const LABELS = [
  { label: MARKER, score: 0.9 },
  { label: "other", score: 0.1 },
];

/** Which input file a binary task takes: audio tasks the clip, image tasks a picture. */
const MEDIA: Record<string, "audio" | "image"> = {
  "audio-classification": "audio",
  "audio-to-audio": "audio",
  "automatic-speech-recognition": "audio",
  "image-classification": "image",
  "image-segmentation": "image",
  "image-to-image": "image",
  "image-to-text": "image",
  "object-detection": "image",
  "zero-shot-image-classification": "image",
  "visual-question-answering": "image",
  "document-question-answering": "image",
};

/** Realistic answers per task. */
const ANSWERS: Record<string, () => Reply> = {
  "audio-classification": () => json(LABELS),
  "audio-to-audio": () => json([{ label: MARKER, blob: FLAC_OUT.toString("base64"), "content-type": "audio/flac" }]),
  "automatic-speech-recognition": () => json({ text: `${MARKER}: hello world` }),
  "document-question-answering": () => json([{ answer: MARKER, score: 0.9, start: 0, end: 1 }]),
  "feature-extraction": () => json([NUMBER_MARKER, 0.1, -0.2, 0.3]),
  "fill-mask": () => json([{ sequence: `The answer is ${MARKER}.`, score: 0.9, token: 42, token_str: MARKER }]),
  "image-classification": () => json(LABELS),
  "image-segmentation": () => json([{ label: MARKER, score: 0.9, mask: PNG.toString("base64") }]),
  "image-to-image": () => bytes(PNG, "image/png"),
  "image-to-text": () => json([{ generated_text: `${MARKER}: two cats` }]),
  "object-detection": () => json([{ label: MARKER, score: 0.9, box: { xmin: 1, ymin: 2, xmax: 30, ymax: 40 } }]),
  "question-answering": () => json({ answer: MARKER, score: 0.9, start: 11, end: 16 }),
  "sentence-similarity": () => json([NUMBER_MARKER, 0.2, 0.1]),
  summarization: () => json([{ summary_text: `${MARKER}: a tall tower` }]),
  "table-question-answering": () =>
    json({ answer: MARKER, coordinates: [[0, 1]], cells: ["36542"], aggregator: "NONE" }),
  "tabular-classification": () => json([NUMBER_MARKER, 1, 0]),
  "tabular-regression": () => json([NUMBER_MARKER, 5.1, 6.2]),
  "text-classification": () => json([LABELS]),
  "text-generation": () => json([{ generated_text: `${MARKER}: once upon a time` }]),
  "text-to-audio": () => bytes(FLAC_OUT, "audio/flac"),
  "text-to-image": () => bytes(PNG, "image/png"),
  "text-to-speech": () => bytes(FLAC_OUT, "audio/flac"),
  "token-classification": () => json([{ entity_group: "PER", score: 0.9, word: MARKER, start: 11, end: 16 }]),
  translation: () => json([{ translation_text: `${MARKER}: my name is Wolfgang` }]),
  "visual-question-answering": () => json([{ answer: MARKER, score: 0.9 }]),
  "zero-shot-classification": () => json(LABELS),
  "zero-shot-image-classification": () => json(LABELS),
};

/** Checks a POST to `models/<id>` (or to an endpoint) for the run's task and answers it. */
export function hfTask(exchange: Exchange): Reply {
  const task = exchange.run.task;
  const answer = ANSWERS[task];
  if (!answer) {
    exchange.violation(`hf-inference does not serve ${task}`);
    return json({ error: `task ${task} not served` }, 400);
  }
  if (exchange.request.method !== "POST") exchange.violation(`tasks take POST, got ${exchange.request.method}`);
  const type = exchange.request.headers["content-type"] ?? "";
  const media = MEDIA[task];
  if (media && !type.startsWith("application/json")) checkRawFile(exchange, media, type);
  else checkJson(exchange, task, media);
  return answer();
}

function checkRawFile(exchange: Exchange, media: "audio" | "image", type: string): void {
  const wantedType = media === "audio" ? "audio/flac" : "image/jpeg";
  if (type !== wantedType)
    exchange.violation(`Content-Type of the ${media} upload must be ${wantedType}, got ${type || "none"}`);
  const file = inputFileOf(exchange.request.body);
  if (file === null || !file.endsWith(media === "audio" ? ".flac" : ".jpg")) {
    exchange.violation(
      `the body must be the bytes of the ${media} input file (${exchange.request.body.length} bytes that are not)`,
    );
  }
}

function checkJson(exchange: Exchange, task: string, media: "audio" | "image" | undefined): void {
  const type = exchange.request.headers["content-type"] ?? "";
  if (!type.startsWith("application/json")) {
    exchange.violation(`Content-Type must be application/json, got ${type || "none"}`);
    return;
  }
  let body: Json;
  try {
    body = JSON.parse(exchange.request.body.toString("utf8")) as Json;
  } catch {
    exchange.violation("the body is not valid JSON");
    return;
  }
  const bad = shapeError(task, media, body);
  if (bad) exchange.violation(`${task} body: ${bad} (got ${JSON.stringify(body).slice(0, 200)})`);
}

// The documented request shapes; a string says what is wrong.
function shapeError(task: string, media: "audio" | "image" | undefined, body: Json): string | null {
  const inputs = body.inputs as unknown;
  const parameters = (body.parameters ?? {}) as Json;
  const str = (value: unknown) => typeof value === "string" && value.length > 0;
  const strs = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every(str);
  const fileOk = (value: unknown) => {
    const decoded = decodeBase64(value);
    const name = decoded && inputFileOf(decoded.bytes);
    return (
      name !== null &&
      name !== undefined &&
      INPUT_FILES[name] !== undefined &&
      name.endsWith(media === "audio" ? ".flac" : ".jpg")
    );
  };
  const input = inputs as Json;
  switch (task) {
    case "zero-shot-classification":
      return str(inputs) && strs(parameters.candidate_labels)
        ? null
        : "needs inputs text and parameters.candidate_labels";
    case "zero-shot-image-classification":
      return (fileOk(inputs) || fileOk(input?.image)) && strs(parameters.candidate_labels)
        ? null
        : "needs the image (base64) in inputs and parameters.candidate_labels";
    case "sentence-similarity":
      return str(input?.source_sentence) && strs(input?.sentences)
        ? null
        : "needs inputs.source_sentence and inputs.sentences";
    case "question-answering":
      return str(input?.question) && str(input?.context) ? null : "needs inputs.question and inputs.context";
    case "table-question-answering":
      return str(input?.query) && isTable(input?.table) ? null : "needs inputs.query and inputs.table";
    case "tabular-classification":
    case "tabular-regression":
      return isTable(input?.data) || isTable(body.table) ? null : "needs inputs.data (a table)";
    case "visual-question-answering":
    case "document-question-answering":
      // huggingface_hub also repeats image and question at the top level, beside the image in `inputs`.
      return (fileOk(input?.image) && str(input?.question)) || (fileOk(body.image) && str(body.question))
        ? null
        : "needs inputs.image (base64) and inputs.question";
    default:
      if (media) return fileOk(inputs) ? null : `needs the ${media} file, raw or base64 in inputs`;
      return str(inputs) ? null : "needs inputs (a non-empty string)";
  }
}

function isTable(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const columns = Object.values(value as Json);
  return columns.length > 0 && columns.every((column) => Array.isArray(column) && column.length > 0);
}
