// transformers.js: the JS pipeline of the model's task, or the auto classes when the task has none.

import { jsComment, jsStr, jsValue } from "../code/js.js";
import { flat, lines } from "../code/lines.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag, widgetCandidateLabels, widgetSrc, widgetText } from "../model-readers.js";
import { JS_EXAMPLES, jsOr } from "./text-example-literals.js";
import { EXAMPLE_CHAT_QUESTION } from "./text-examples.js";
import { jsList } from "./text-literals.js";
import { widgetQuestion, widgetSimilarity } from "./text-record.js";
import { CONVERSATIONAL_TAG } from "./text-transformers.js";
import { MAX_NEW_TOKENS } from "./text-transformers-chat.js";
import { type TransformersTask, taskTextLiteral } from "./text-transformers-tasks.js";

/** The npm package of transformers.js. */
export const TRANSFORMERS_JS_PACKAGE = "@huggingface/transformers";

/** Comment of the snippet for a model without a pipeline tag (spec §5). */
export const UNKNOWN_PIPELINE_TAG = "// Unknown pipeline tag";

const INSTALL = flat(`npm i ${TRANSFORMERS_JS_PACKAGE}`);
const IMPORT_PIPELINE = flat(`import { pipeline } from ${jsStr(TRANSFORMERS_JS_PACKAGE)};`);
const IMPORT_AUTO_CLASSES = flat(`import { AutoModel, AutoTokenizer } from ${jsStr(TRANSFORMERS_JS_PACKAGE)};`);

const CHAT_CALL = `const messages = [
    { role: "user", content: ${jsStr(EXAMPLE_CHAT_QUESTION)} },
];
const output = await pipe(messages, { max_new_tokens: ${MAX_NEW_TOKENS} });
console.log(output[0].generated_text.at(-1).content);`;

// Any fill-mask model understands its own mask token, whatever its spelling ([MASK], <mask>, …).
const MASK_CALL = "await pipe(`Paris is the ${pipe.tokenizer.mask_token} of France.`);";

/** The kind of input a transformers.js pipeline's example call passes. */
type JsInput =
  | "text"
  | "generate"
  | "mask"
  | "question"
  | "zero-shot"
  | "image"
  | "zero-shot-image"
  | "audio"
  | "embed";

/** Hub pipeline tags that transformers.js has a pipeline for: the pipeline task and its example input. */
const TRANSFORMERS_JS_PIPELINES = {
  "audio-classification": { task: "audio-classification", input: "audio" },
  "automatic-speech-recognition": { task: "automatic-speech-recognition", input: "audio" },
  "depth-estimation": { task: "depth-estimation", input: "image" },
  "feature-extraction": { task: "feature-extraction", input: "embed" },
  "fill-mask": { task: "fill-mask", input: "mask" },
  "image-classification": { task: "image-classification", input: "image" },
  "image-feature-extraction": { task: "image-feature-extraction", input: "image" },
  "image-segmentation": { task: "image-segmentation", input: "image" },
  "image-to-image": { task: "image-to-image", input: "image" },
  "image-to-text": { task: "image-to-text", input: "image" },
  "object-detection": { task: "object-detection", input: "image" },
  "question-answering": { task: "question-answering", input: "question" },
  // transformers.js computes sentence embeddings with its feature-extraction pipeline.
  "sentence-similarity": { task: "feature-extraction", input: "embed" },
  summarization: { task: "summarization", input: "text" },
  "text-classification": { task: "text-classification", input: "text" },
  "text-generation": { task: "text-generation", input: "generate" },
  "text-to-audio": { task: "text-to-audio", input: "text" },
  "text-to-speech": { task: "text-to-speech", input: "text" },
  "text2text-generation": { task: "text2text-generation", input: "text" },
  "token-classification": { task: "token-classification", input: "text" },
  translation: { task: "translation", input: "text" },
  "zero-shot-classification": { task: "zero-shot-classification", input: "zero-shot" },
  "zero-shot-image-classification": { task: "zero-shot-image-classification", input: "zero-shot-image" },
  "zero-shot-object-detection": { task: "zero-shot-object-detection", input: "zero-shot-image" },
} as const satisfies Record<string, { task: TransformersTask; input: JsInput }>;

type JsPipelineTag = keyof typeof TRANSFORMERS_JS_PIPELINES;

/** Snippets that run `model` with transformers.js: the npm install, then its pipeline or its auto classes. */
export function transformersJs(model: ModelRecord): string[] {
  const tag = model.pipeline_tag;
  if (!tag) return [INSTALL, autoClassesSnippet(model, UNKNOWN_PIPELINE_TAG)];
  if (!Object.hasOwn(TRANSFORMERS_JS_PIPELINES, tag)) {
    return [INSTALL, autoClassesSnippet(model, jsComment(`transformers.js has no pipeline for the task ${tag}.`))];
  }
  return [INSTALL, pipelineSnippet(model, tag as JsPipelineTag)];
}

/** Each pipeline task's snippet up to the model argument (`const pipe = await pipeline("task", `), built once. */
const PIPELINE_OPENINGS = new Map<string, string>(
  Object.values(TRANSFORMERS_JS_PIPELINES).map(({ task }) => [
    task,
    flat(lines(IMPORT_PIPELINE, "", `const pipe = await pipeline(${jsStr(task)}, `)),
  ]),
);

function pipelineSnippet(model: ModelRecord, tag: JsPipelineTag): string {
  const { task, input } = TRANSFORMERS_JS_PIPELINES[tag];
  return `${PIPELINE_OPENINGS.get(task)}${jsStr(model.id)});\n${pipelineCall(model, task, input)}`;
}

/** JS lines calling `pipe` on an example input and logging the result. */
function pipelineCall(model: ModelRecord, task: TransformersTask, input: JsInput): string {
  switch (input) {
    case "text":
      return logged(`await pipe(${taskTextLiteral(model, task, "js")});`);
    case "generate":
      return hasTag(model, CONVERSATIONAL_TAG)
        ? CHAT_CALL
        : logged(`await pipe(${taskTextLiteral(model, task, "js")}, { max_new_tokens: ${MAX_NEW_TOKENS} });`);
    case "mask": {
      const text = widgetText(model);
      return logged(text === undefined ? MASK_CALL : `await pipe(${jsStr(text)});`);
    }
    case "question": {
      const example = widgetQuestion(model);
      return example
        ? logged(`await pipe(${jsStr(example.question)}, ${jsStr(example.context)});`)
        : logged(`await pipe(${JS_EXAMPLES.question}, ${JS_EXAMPLES.context});`);
    }
    case "zero-shot": {
      const labels = widgetCandidateLabels(model);
      const text = jsOr(widgetText(model), JS_EXAMPLES.zeroShotText);
      return logged(`await pipe(${text}, ${labels ? jsList(labels) : JS_EXAMPLES.zeroShotLabels});`);
    }
    case "image":
      return logged(`await pipe(${jsOr(widgetSrc(model), JS_EXAMPLES.imageUrl)});`);
    case "zero-shot-image": {
      const labels = widgetCandidateLabels(model);
      const image = jsOr(widgetSrc(model), JS_EXAMPLES.imageUrl);
      return logged(`await pipe(${image}, ${labels ? jsList(labels) : JS_EXAMPLES.imageLabels});`);
    }
    case "audio":
      return logged(`await pipe(${jsOr(widgetSrc(model), JS_EXAMPLES.audioUrl)});`);
    case "embed": {
      const example = widgetSimilarity(model);
      const sentences = example ? jsValue([example.source, ...example.sentences]) : JS_EXAMPLES.sentences;
      return `const sentences = ${sentences};
const output = await pipe(sentences, { pooling: "mean", normalize: true });
console.log(output.tolist());`;
    }
  }
}

function logged(call: string): string {
  return `const output = ${call}\nconsole.log(output);`;
}

const AUTO_CLASSES_IMPORT = flat(
  lines(
    "// Without a pipeline, the auto classes load the tokenizer and model of architectures transformers.js supports.",
    IMPORT_AUTO_CLASSES,
    "",
  ),
);

const AUTO_CLASSES_SNIPPET_CODE = template((comment, id) =>
  lines(
    `${comment}`,
    AUTO_CLASSES_IMPORT,
    `const tokenizer = await AutoTokenizer.from_pretrained(${id});`,
    `const model = await AutoModel.from_pretrained(${id});`,
  ),
);

/** The snippet for a model without a transformers.js pipeline: `comment`, then its tokenizer and model. */
function autoClassesSnippet(model: ModelRecord, comment: string): string {
  const id = jsStr(model.id);
  return AUTO_CLASSES_SNIPPET_CODE(comment, id);
}
