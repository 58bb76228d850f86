// What each task takes and returns, its example input, and the check of a caller's `inputs` against it.
import type { ModelRecord } from "../model.js";
import { InferenceOptionError } from "./errors.js";
import type { InferenceTask } from "./tasks.js";

/** A JSON value as inputs, messages and bodies carry it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The `inputs` option: a text or file path, or an object for tasks with structured inputs. */
export type InferenceInputs = string | { [key: string]: JsonValue };

/** A column-oriented table, as table-question-answering and tabular tasks take it. */
export type Table = Record<string, Array<string | number>>;

/** The input of one task call, by shape. */
export type TaskInput =
  | { kind: "text"; text: string }
  | { kind: "text-labels"; text: string; labels: string[] }
  | { kind: "sentences"; source: string; sentences: string[] }
  | { kind: "qa"; question: string; context: string }
  | { kind: "table-qa"; query: string; table: Table }
  | { kind: "tabular"; data: Table }
  | { kind: "file"; file: string }
  | { kind: "file-labels"; file: string; labels: string[] }
  | { kind: "file-text"; file: string; text: string };

/** The shape of a task's input. */
export type InputKind = TaskInput["kind"];

/** What a task returns: JSON, or media bytes saved to a file. */
export type OutputKind = "json" | "image" | "audio" | "video";

/** Input and output facts of one task. */
export interface TaskIo {
  /** Shape of the input. */
  input: InputKind;
  /** Media type of a file input (posted as `audio/flac` or `image/jpeg`). */
  media?: "audio" | "image";
  /** For `file-text` inputs: the name of the text argument. */
  textKey?: "prompt" | "question";
  /** What comes back. */
  output: OutputKind;
  /** The example input shown when the caller gives none. */
  example: TaskInput;
}

const TEXT = (text: string): TaskInput => ({ kind: "text", text });
const AUDIO: TaskInput = { kind: "file", file: "sample1.flac" };
const IMAGE: TaskInput = { kind: "file", file: "cats.jpg" };
const LABELS = ["cat", "dog", "llama"];
const TABLE: Table = {
  fixed_acidity: ["7.4", "7.8", "10.3"],
  volatile_acidity: ["0.7", "0.88", "0.32"],
  citric_acid: ["0", "0", "0.45"],
};

/** Facts of every task; the file extension of media outputs follows from `output`. */
export const TASK_IO: Record<InferenceTask, TaskIo> = {
  "audio-classification": { input: "file", media: "audio", output: "json", example: AUDIO },
  "audio-to-audio": { input: "file", media: "audio", output: "json", example: AUDIO },
  "automatic-speech-recognition": { input: "file", media: "audio", output: "json", example: AUDIO },
  "document-question-answering": {
    input: "file-text",
    media: "image",
    textKey: "question",
    output: "json",
    example: { kind: "file-text", file: "invoice.jpg", text: "What is the invoice number?" },
  },
  "feature-extraction": {
    input: "text",
    output: "json",
    example: TEXT("Today is a sunny day and I will get some ice cream."),
  },
  "fill-mask": { input: "text", output: "json", example: TEXT("The answer to the universe is [MASK].") },
  "image-classification": { input: "file", media: "image", output: "json", example: IMAGE },
  "image-segmentation": { input: "file", media: "image", output: "json", example: IMAGE },
  // Served as chat: the example lives in the chat messages, not here.
  "image-text-to-text": { input: "text", output: "json", example: TEXT("Describe this image in one sentence.") },
  "image-to-image": {
    input: "file-text",
    media: "image",
    textKey: "prompt",
    output: "image",
    example: { kind: "file-text", file: "cats.jpg", text: "Turn the cats into tigers." },
  },
  "image-to-text": { input: "file", media: "image", output: "json", example: IMAGE },
  "image-to-video": {
    input: "file-text",
    media: "image",
    textKey: "prompt",
    output: "video",
    example: { kind: "file-text", file: "cats.jpg", text: "The cats start to dance." },
  },
  "object-detection": { input: "file", media: "image", output: "json", example: IMAGE },
  "question-answering": {
    input: "qa",
    output: "json",
    example: { kind: "qa", question: "What is my name?", context: "My name is Clara and I live in Berkeley." },
  },
  "sentence-similarity": {
    input: "sentences",
    output: "json",
    example: {
      kind: "sentences",
      source: "That is a happy person",
      sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"],
    },
  },
  summarization: {
    input: "text",
    output: "json",
    example: TEXT(
      "The tower is 324 metres (1,063 ft) tall, about the same height as an 81-storey building, " +
        "and the tallest structure in Paris. Its base is square, measuring 125 metres (410 ft) on each side.",
    ),
  },
  "table-question-answering": {
    input: "table-qa",
    output: "json",
    example: {
      kind: "table-qa",
      query: "How many stars does the transformers repository have?",
      table: { Repository: ["Transformers", "Datasets", "Tokenizers"], Stars: ["36542", "4512", "3934"] },
    },
  },
  "tabular-classification": { input: "tabular", output: "json", example: { kind: "tabular", data: TABLE } },
  "tabular-regression": { input: "tabular", output: "json", example: { kind: "tabular", data: TABLE } },
  "text-classification": { input: "text", output: "json", example: TEXT("I like you. I love you") },
  "text-generation": {
    input: "text",
    output: "json",
    example: TEXT("Can you please let us know more details about your "),
  },
  "text-to-audio": {
    input: "text",
    output: "audio",
    example: TEXT("liquid drum and bass, atmospheric synths, airy sounds"),
  },
  "text-to-image": { input: "text", output: "image", example: TEXT("Astronaut riding a horse") },
  "text-to-speech": { input: "text", output: "audio", example: TEXT("The answer to the universe is 42") },
  "text-to-video": { input: "text", output: "video", example: TEXT("A young man walking on the street") },
  "token-classification": {
    input: "text",
    output: "json",
    example: TEXT("My name is Sarah Jessica Parker but you can call me Jessica"),
  },
  translation: { input: "text", output: "json", example: TEXT("Меня зовут Вольфганг и я живу в Берлине") },
  "visual-question-answering": {
    input: "file-text",
    media: "image",
    textKey: "question",
    output: "json",
    example: { kind: "file-text", file: "cats.jpg", text: "How many cats are lying down?" },
  },
  "zero-shot-classification": {
    input: "text-labels",
    output: "json",
    example: {
      kind: "text-labels",
      text: "Hi, I recently bought a device from your company but it is not working as advertised and I would like to get reimbursed!",
      labels: ["refund", "legal", "faq"],
    },
  },
  "zero-shot-image-classification": {
    input: "file-labels",
    media: "image",
    output: "json",
    example: { kind: "file-labels", file: "cats.jpg", labels: LABELS },
  },
};

/** File name a media output is saved to. */
export const OUTPUT_FILES = { image: "output.png", audio: "output.flac", video: "output.mp4" } as const;

/** Content type a file input is posted with (spec §7). */
export const MEDIA_TYPES = { audio: "audio/flac", image: "image/jpeg" } as const;

/**
 * The input of a call: the caller's `inputs` when given (checked against the task's shape), else the
 * model's first widget example when it fits, else the task's example.
 * Throws InferenceOptionError("inputs", "Unsupported format …") when `inputs` does not fit the task.
 */
export function taskInput(task: InferenceTask, inputs: InferenceInputs | undefined, model: ModelRecord): TaskInput {
  const io = TASK_IO[task];
  if (inputs !== undefined) {
    const input = fromInputs(io, inputs);
    if (input === null) {
      throw new InferenceOptionError("inputs", `Unsupported format for ${task} inputs: expected ${EXPECTED[io.input]}`);
    }
    return input;
  }
  return fromWidget(io, model.widgetData?.[0]) ?? io.example;
}

const EXPECTED: Record<InputKind, string> = {
  text: "a string",
  "text-labels": 'a string, or { "text": string, "candidate_labels": string[] }',
  sentences: '{ "source_sentence": string, "sentences": string[] }',
  qa: '{ "question": string, "context": string }',
  "table-qa": '{ "query": string, "table": { column: string[] } }',
  tabular: '{ "data": { column: (string | number)[] } }',
  file: "a file path string",
  "file-labels": 'a file path string, or { "image": string, "candidate_labels": string[] }',
  "file-text": 'a file path string, or { "image": string, "text": string }',
};

function fromInputs(io: TaskIo, inputs: InferenceInputs): TaskInput | null {
  const example = io.example;
  if (typeof inputs === "string") {
    switch (example.kind) {
      case "text":
        return { kind: "text", text: inputs };
      case "text-labels":
        return { ...example, text: inputs };
      case "file":
        return { kind: "file", file: inputs };
      case "file-labels":
      case "file-text":
        return { ...example, file: inputs };
      default:
        return null;
    }
  }
  const o = inputs;
  switch (example.kind) {
    case "text-labels":
      return isString(o.text) && isStrings(o.candidate_labels)
        ? { kind: "text-labels", text: o.text, labels: o.candidate_labels }
        : null;
    case "sentences":
      return isString(o.source_sentence) && isStrings(o.sentences)
        ? { kind: "sentences", source: o.source_sentence, sentences: o.sentences }
        : null;
    case "qa":
      return isString(o.question) && isString(o.context)
        ? { kind: "qa", question: o.question, context: o.context }
        : null;
    case "table-qa":
      return isString(o.query) && isTable(o.table) ? { kind: "table-qa", query: o.query, table: o.table } : null;
    case "tabular":
      return isTable(o.data) ? { kind: "tabular", data: o.data } : null;
    case "file-labels":
      return isString(o.image) && isStrings(o.candidate_labels)
        ? { kind: "file-labels", file: o.image, labels: o.candidate_labels }
        : null;
    case "file-text":
      return isString(o.image) && isString(o.text) ? { kind: "file-text", file: o.image, text: o.text } : null;
    default:
      return null;
  }
}

// Widget examples are shown on the model page; reusing them keeps the snippet and the page in step.
function fromWidget(io: TaskIo, widget: NonNullable<ModelRecord["widgetData"]>[number] | undefined): TaskInput | null {
  if (!widget) return null;
  const example = io.example;
  switch (example.kind) {
    case "text":
      return isString(widget.text) ? { kind: "text", text: widget.text } : null;
    case "text-labels": {
      if (!isString(widget.text)) return null;
      const labels = isString(widget.candidate_labels)
        ? widget.candidate_labels
            .split(",")
            .map((label) => label.trim())
            .filter((label) => label.length > 0)
        : [];
      return { kind: "text-labels", text: widget.text, labels: labels.length > 0 ? labels : example.labels };
    }
    case "sentences":
      return isString(widget.source_sentence) && isStrings(widget.sentences)
        ? { kind: "sentences", source: widget.source_sentence, sentences: widget.sentences }
        : null;
    case "qa":
      return isString(widget.text) && isString(widget.context)
        ? { kind: "qa", question: widget.text, context: widget.context }
        : null;
    default:
      return null;
  }
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

function isTable(value: unknown): value is Table {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return Object.values(value).every(
    (column) => Array.isArray(column) && column.every((cell) => typeof cell === "string" || typeof cell === "number"),
  );
}
