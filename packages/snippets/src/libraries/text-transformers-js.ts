// transformers.js: the JS pipeline of the model's task, or the auto classes when the task has none.
import { jsComment, jsStr, jsValue } from "../code/js.js";
import { lines } from "../code/lines.js";
import type { ModelRecord } from "../model.js";
import {
  EXAMPLE_AUDIO_URL,
  EXAMPLE_CHAT_QUESTION,
  EXAMPLE_IMAGE_LABELS,
  EXAMPLE_IMAGE_URL,
  EXAMPLE_QUESTION,
  EXAMPLE_SENTENCES,
  EXAMPLE_ZERO_SHOT,
} from "./text-examples.js";
import { jsList } from "./text-literals.js";
import {
  hasTag,
  widgetCandidateLabels,
  widgetContext,
  widgetSimilarity,
  widgetSrc,
  widgetText,
} from "./text-record.js";
import { CONVERSATIONAL_TAG } from "./text-transformers.js";
import { MAX_NEW_TOKENS } from "./text-transformers-chat.js";
import { type TransformersTask, taskText } from "./text-transformers-tasks.js";

/** The npm package of transformers.js. */
export const TRANSFORMERS_JS_PACKAGE = "@huggingface/transformers";

/** Comment of the snippet for a model without a pipeline tag (spec §5). */
export const UNKNOWN_PIPELINE_TAG = "// Unknown pipeline tag";

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
  const install = `npm i ${TRANSFORMERS_JS_PACKAGE}`;
  if (!tag) return [install, autoClassesSnippet(model, UNKNOWN_PIPELINE_TAG)];
  if (!Object.hasOwn(TRANSFORMERS_JS_PIPELINES, tag)) {
    return [install, autoClassesSnippet(model, jsComment(`transformers.js has no pipeline for the task ${tag}.`))];
  }
  return [install, pipelineSnippet(model, tag as JsPipelineTag)];
}

function pipelineSnippet(model: ModelRecord, tag: JsPipelineTag): string {
  const { task, input } = TRANSFORMERS_JS_PIPELINES[tag];
  return lines(
    `import { pipeline } from ${jsStr(TRANSFORMERS_JS_PACKAGE)};`,
    "",
    `const pipe = await pipeline(${jsStr(task)}, ${jsStr(model.id)});`,
    pipelineCall(model, task, input),
  );
}

/** JS lines calling `pipe` on an example input and logging the result. */
function pipelineCall(model: ModelRecord, task: TransformersTask, input: JsInput): string {
  switch (input) {
    case "text":
      return logged(`await pipe(${jsStr(taskText(model, task))});`);
    case "generate":
      return hasTag(model, CONVERSATIONAL_TAG)
        ? `const messages = [
    { role: "user", content: ${jsStr(EXAMPLE_CHAT_QUESTION)} },
];
const output = await pipe(messages, { max_new_tokens: ${MAX_NEW_TOKENS} });
console.log(output[0].generated_text.at(-1).content);`
        : logged(`await pipe(${jsStr(taskText(model, "text-generation"))}, { max_new_tokens: ${MAX_NEW_TOKENS} });`);
    case "mask": {
      const text = widgetText(model);
      // Any fill-mask model understands its own mask token, whatever its spelling ([MASK], <mask>, …).
      return logged(
        text === undefined
          ? "await pipe(`Paris is the ${pipe.tokenizer.mask_token} of France.`);"
          : `await pipe(${jsStr(text)});`,
      );
    }
    case "question": {
      const context = widgetContext(model);
      const question = (context !== undefined && widgetText(model)) || EXAMPLE_QUESTION.question;
      return logged(`await pipe(${jsStr(question)}, ${jsStr(context ?? EXAMPLE_QUESTION.context)});`);
    }
    case "zero-shot": {
      const labels = widgetCandidateLabels(model) ?? EXAMPLE_ZERO_SHOT.labels;
      return logged(`await pipe(${jsStr(widgetText(model) ?? EXAMPLE_ZERO_SHOT.text)}, ${jsList(labels)});`);
    }
    case "image":
      return logged(`await pipe(${jsStr(widgetSrc(model) ?? EXAMPLE_IMAGE_URL)});`);
    case "zero-shot-image": {
      const labels = widgetCandidateLabels(model) ?? EXAMPLE_IMAGE_LABELS;
      return logged(`await pipe(${jsStr(widgetSrc(model) ?? EXAMPLE_IMAGE_URL)}, ${jsList(labels)});`);
    }
    case "audio":
      return logged(`await pipe(${jsStr(widgetSrc(model) ?? EXAMPLE_AUDIO_URL)});`);
    case "embed": {
      const example = widgetSimilarity(model);
      const sentences = example ? [example.source, ...example.sentences] : EXAMPLE_SENTENCES;
      return `const sentences = ${jsValue(sentences)};
const output = await pipe(sentences, { pooling: "mean", normalize: true });
console.log(output.tolist());`;
    }
  }
}

function logged(call: string): string {
  return `const output = ${call}\nconsole.log(output);`;
}

/** The snippet for a model without a transformers.js pipeline: `comment`, then its tokenizer and model. */
function autoClassesSnippet(model: ModelRecord, comment: string): string {
  const id = jsStr(model.id);
  return lines(
    comment,
    "// Without a pipeline, the auto classes load the tokenizer and model of architectures transformers.js supports.",
    `import { AutoModel, AutoTokenizer } from ${jsStr(TRANSFORMERS_JS_PACKAGE)};`,
    "",
    `const tokenizer = await AutoTokenizer.from_pretrained(${id});`,
    `const model = await AutoModel.from_pretrained(${id});`,
  );
}
