// The transformers pipeline tasks and the example call each gets in the high-level snippet.
import { jsStr } from "../code/js.js";
import { flat } from "../code/lines.js";
import { pyStr, pyStrBody } from "../code/python.js";
import type { ModelRecord } from "../model.js";
import { widgetCandidateLabels, widgetSrc, widgetText } from "../model-readers.js";
import { PY_EXAMPLES, pyOr } from "./text-example-literals.js";
import { EXAMPLE_AUDIO_URL, EXAMPLE_CLASSIFY_TEXTS, EXAMPLE_ENTITY_TEXT, EXAMPLE_IMAGE_URL } from "./text-examples.js";
import { pyList } from "./text-literals.js";
import { widgetQuestion } from "./text-record.js";
import { MAX_NEW_TOKENS } from "./text-transformers-chat.js";

/** The kind of input a pipeline's example call passes; `chat` and `load` calls are written elsewhere or not at all. */
export type PipelineInput =
  | "text"
  | "generate"
  | "mask"
  | "question"
  | "zero-shot"
  | "image"
  | "zero-shot-image"
  | "audio"
  | "chat"
  | "load";

/**
 * Tasks `transformers.pipeline(...)` accepts, with the input their example takes. A pipeline tag missing
 * here (e.g. sentence-similarity) is not a transformers pipeline, so no pipeline snippet is offered for it.
 */
export const TRANSFORMERS_PIPELINE_INPUTS = {
  "audio-classification": "audio",
  "automatic-speech-recognition": "audio",
  "depth-estimation": "image",
  "document-question-answering": "load",
  "feature-extraction": "text",
  "fill-mask": "mask",
  "image-classification": "image",
  "image-feature-extraction": "image",
  "image-segmentation": "image",
  "image-text-to-text": "chat",
  "image-to-image": "image",
  "image-to-text": "image",
  "mask-generation": "image",
  "object-detection": "image",
  "question-answering": "question",
  summarization: "text",
  "table-question-answering": "load",
  "text-classification": "text",
  "text-generation": "generate",
  "text-to-audio": "text",
  "text-to-speech": "text",
  "text2text-generation": "text",
  "token-classification": "text",
  translation: "text",
  "video-classification": "load",
  "visual-question-answering": "load",
  "zero-shot-audio-classification": "load",
  "zero-shot-classification": "zero-shot",
  "zero-shot-image-classification": "zero-shot-image",
  "zero-shot-object-detection": "zero-shot-image",
} as const satisfies Record<string, PipelineInput>;

/** A task the transformers `pipeline` factory accepts. */
export type TransformersTask = keyof typeof TRANSFORMERS_PIPELINE_INPUTS;

/** Example texts of the text tasks whose input is not a generic sentence. */
const TASK_TEXTS: Partial<Record<TransformersTask, string>> = {
  summarization:
    "The tower is 324 metres tall, about the same height as an 81-storey building, and the tallest structure in " +
    "Paris. Its base is square, measuring 125 metres on each side.",
  "text-classification": EXAMPLE_CLASSIFY_TEXTS[0],
  "text-generation": "The secret to baking a really good cake is",
  "text-to-audio": "Hello, my dog is cute.",
  "text-to-speech": "Hello, my dog is cute.",
  "token-classification": EXAMPLE_ENTITY_TEXT,
  translation: "How old are you?",
};

/** The text of text tasks without an entry in `TASK_TEXTS`. */
const DEFAULT_TEXT = "Today is a sunny day and I will get some ice cream.";

/** `TASK_TEXTS` and `DEFAULT_TEXT` escaped once into Python and JS literals, and into Python literals' bodies. */
const TASK_TEXT_LITERALS = {
  py: literals(pyStr),
  js: literals(jsStr),
  pyBody: literals(pyStrBody),
} as const;

// The example files' URLs as the bodies of Python literals, for calls that write the quotes themselves.
/** The example image's URL as the body of a Python literal. */
export const IMAGE_URL_BODY = pyStrBody(EXAMPLE_IMAGE_URL);
const AUDIO_URL_BODY = pyStrBody(EXAMPLE_AUDIO_URL);

// The fixed text of the one-literal calls, joined once: the literal's body goes between them.
const CALL_OPEN = 'output = pipe("';
const CALL_CLOSE = '")';
const GENERATE_CALL_CLOSE = flat(`", max_new_tokens=${MAX_NEW_TOKENS})`);

// Any fill-mask model understands its own mask token, whatever its spelling ([MASK], <mask>, …).
const MASK_CALL = 'output = pipe(f"Paris is the {pipe.tokenizer.mask_token} of France.")';

function literals(toLiteral: (text: string) => string): {
  tasks: Partial<Record<TransformersTask, string>>;
  default: string;
} {
  const tasks: Partial<Record<TransformersTask, string>> = {};
  for (const [task, text] of Object.entries(TASK_TEXTS) as Array<[TransformersTask, string]>)
    tasks[task] = toLiteral(text);
  return { tasks, default: toLiteral(DEFAULT_TEXT) };
}

/** The example text of a text task as a `language` string literal: the model's widget text when it has one. */
export function taskTextLiteral(model: ModelRecord, task: TransformersTask, language: "py" | "js"): string {
  const text = widgetText(model);
  if (text !== undefined) return language === "py" ? pyStr(text) : jsStr(text);
  const table = TASK_TEXT_LITERALS[language];
  return table.tasks[task] ?? table.default;
}

/** The example text of a text task as the body of a Python string literal: the model's widget text when it has one. */
export function taskTextBody(model: ModelRecord, task: TransformersTask): string {
  const text = widgetText(model);
  if (text !== undefined) return pyStrBody(text);
  return TASK_TEXT_LITERALS.pyBody.tasks[task] ?? TASK_TEXT_LITERALS.pyBody.default;
}

/** The body of the Python literal of the model's widget input URL, or `fallback` when it has none. */
export function srcBody(model: ModelRecord, fallback: string): string {
  const src = widgetSrc(model);
  return src === undefined ? fallback : pyStrBody(src);
}

/**
 * The Python line calling `pipe` on an example input and naming the result `output`, or undefined for
 * tasks whose input needs more than one value the snippet cannot supply (tables, documents, videos).
 */
export function pipelineCall(model: ModelRecord, task: TransformersTask): string | undefined {
  switch (TRANSFORMERS_PIPELINE_INPUTS[task]) {
    case "text":
      return CALL_OPEN + taskTextBody(model, task) + CALL_CLOSE;
    case "generate":
      return CALL_OPEN + taskTextBody(model, task) + GENERATE_CALL_CLOSE;
    case "mask": {
      const text = widgetText(model);
      return text === undefined ? MASK_CALL : CALL_OPEN + pyStrBody(text) + CALL_CLOSE;
    }
    case "question": {
      const example = widgetQuestion(model);
      const question = example ? pyStr(example.question) : PY_EXAMPLES.question;
      const context = example ? pyStr(example.context) : PY_EXAMPLES.context;
      return `output = pipe(question=${question}, context=${context})`;
    }
    case "zero-shot": {
      const labels = widgetCandidateLabels(model);
      const text = pyOr(widgetText(model), PY_EXAMPLES.zeroShotText);
      return `output = pipe(${text}, candidate_labels=${labels ? pyList(labels) : PY_EXAMPLES.zeroShotLabels})`;
    }
    case "image":
      return CALL_OPEN + srcBody(model, IMAGE_URL_BODY) + CALL_CLOSE;
    case "zero-shot-image": {
      const labels = widgetCandidateLabels(model);
      const image = pyOr(widgetSrc(model), PY_EXAMPLES.imageUrl);
      return `output = pipe(${image}, candidate_labels=${labels ? pyList(labels) : PY_EXAMPLES.imageLabels})`;
    }
    case "audio":
      return CALL_OPEN + srcBody(model, AUDIO_URL_BODY) + CALL_CLOSE;
    case "chat":
    case "load":
      return undefined;
  }
}
