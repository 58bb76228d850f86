// The direct-load part of the transformers snippet: which auto classes load a model, and the example call
// of the classes whose inputs and outputs are the same for every model.
import { flat } from "../code/lines.js";
import { isPyIdentifier } from "../code/python.js";
import type { ModelRecord } from "../model.js";
import type { ChatKind } from "./text-transformers-chat.js";
import { MAX_NEW_TOKENS } from "./text-transformers-chat.js";
import { IMAGE_URL_BODY, srcBody, type TransformersTask, taskTextBody } from "./text-transformers-tasks.js";

/** Auto classes that load a model of a task, for records that do not name theirs. */
const TASK_MODEL_CLASSES: Partial<Record<TransformersTask, string>> = {
  "fill-mask": "AutoModelForMaskedLM",
  "image-classification": "AutoModelForImageClassification",
  "image-text-to-text": "AutoModelForImageTextToText",
  "object-detection": "AutoModelForObjectDetection",
  "question-answering": "AutoModelForQuestionAnswering",
  summarization: "AutoModelForSeq2SeqLM",
  "text-classification": "AutoModelForSequenceClassification",
  "text-generation": "AutoModelForCausalLM",
  "text2text-generation": "AutoModelForSeq2SeqLM",
  "token-classification": "AutoModelForTokenClassification",
  translation: "AutoModelForSeq2SeqLM",
  "zero-shot-image-classification": "AutoModelForZeroShotImageClassification",
};

/** transformers' auto model classes (the record's `auto_model`, or our guess). */
export const AUTO_MODEL_CLASSES: readonly string[] = [
  "AutoModel",
  "AutoModelForAudioClassification",
  "AutoModelForCausalLM",
  "AutoModelForCTC",
  "AutoModelForDepthEstimation",
  "AutoModelForDocumentQuestionAnswering",
  "AutoModelForImageClassification",
  "AutoModelForImageSegmentation",
  "AutoModelForImageTextToText",
  "AutoModelForImageToImage",
  "AutoModelForMaskedLM",
  "AutoModelForObjectDetection",
  "AutoModelForQuestionAnswering",
  "AutoModelForSemanticSegmentation",
  "AutoModelForSeq2SeqLM",
  "AutoModelForSequenceClassification",
  "AutoModelForSpeechSeq2Seq",
  "AutoModelForTableQuestionAnswering",
  "AutoModelForTextToSpectrogram",
  "AutoModelForTextToWaveform",
  "AutoModelForTokenClassification",
  "AutoModelForVision2Seq",
  "AutoModelForVisualQuestionAnswering",
  "AutoModelForZeroShotImageClassification",
  "AutoModelForZeroShotObjectDetection",
];

/** transformers' auto preprocessing classes (the record's `processor`, or our guess). */
export const AUTO_PROCESSOR_CLASSES: readonly string[] = [
  "AutoFeatureExtractor",
  "AutoImageProcessor",
  "AutoProcessor",
  "AutoTokenizer",
  "AutoVideoProcessor",
];

/**
 * The auto classes, checked to be plain Python names once, when the module loads: the class names of most records
 * are among them, and a set lookup costs less than the identifier check on every page view.
 */
const AUTO_CLASSES: ReadonlySet<string> = new Set(
  [...AUTO_MODEL_CLASSES, ...AUTO_PROCESSOR_CLASSES].filter(isPyIdentifier),
);

/** True when `name` can be written in the snippet as a class name: a plain Python name (see `isPyIdentifier`). */
export function isClassName(name: unknown): name is string {
  return typeof name === "string" && (AUTO_CLASSES.has(name) || isPyIdentifier(name));
}

/** How the direct-load snippet calls a model, and with which preprocessing object. */
type DirectCall = "generate" | "classify" | "tag" | "classify-image";

/**
 * Auto classes with a model-independent example call, the task the call belongs to (a model of the class
 * trained for another task, e.g. an NLI model for zero-shot, gets no call) and what prepares its input.
 */
const DIRECT_CALLS = {
  AutoModelForCausalLM: { call: "generate", task: "text-generation", input: "tokenizer" },
  AutoModelForImageClassification: { call: "classify-image", task: "image-classification", input: "processor" },
  AutoModelForSequenceClassification: { call: "classify", task: "text-classification", input: "tokenizer" },
  AutoModelForTokenClassification: { call: "tag", task: "token-classification", input: "tokenizer" },
} as const satisfies Record<string, { call: DirectCall; task: TransformersTask; input: "tokenizer" | "processor" }>;

/** The auto class used when the record names none: the chat kind's, the task's, else the bare base model. */
export function guessModelClass(chat: ChatKind | undefined, task: TransformersTask | undefined): string {
  if (chat === "image") return "AutoModelForImageTextToText";
  if (chat === "text") return "AutoModelForCausalLM";
  return (task && TASK_MODEL_CLASSES[task]) ?? "AutoModel";
}

/** A chat needs a chat template, which the tokenizer (text) or processor (image and text) holds. */
export function guessProcessorClass(chat: ChatKind | undefined): string | undefined {
  if (chat === "image") return "AutoProcessor";
  return chat === "text" ? "AutoTokenizer" : undefined;
}

/** The variable a processor class is assigned to: `tokenizer` for tokenizers, `processor` otherwise. */
export function processorVariable(processorClass: string): "tokenizer" | "processor" {
  return processorClass.includes("Tokenizer") ? "tokenizer" : "processor";
}

/** An example call of the direct-load snippet: its extra import line, if any, and its code. */
export interface DirectCallCode {
  /** An import line the call needs besides the auto classes, after the line break that ends the line before it. */
  imports?: string;
  /** Python lines running the model on the example input, after the blank line that parts them from the load. */
  code: string;
}

// The import line of the image example, with its leading line break: one piece, added as it is.
const LOAD_IMAGE_IMPORT = "\nfrom transformers.image_utils import load_image";

/**
 * Python lines running `model` (loaded as `modelClass`, with its preprocessing object named `processor`) on an
 * example input; nothing when the class, the task or the preprocessing object has no model-independent call.
 */
export function directCall(
  model: ModelRecord,
  modelClass: string,
  processor: "tokenizer" | "processor",
  task: TransformersTask | undefined,
): DirectCallCode | undefined {
  if (!Object.hasOwn(DIRECT_CALLS, modelClass)) return undefined;
  const entry = DIRECT_CALLS[modelClass as keyof typeof DIRECT_CALLS];
  if (entry.input !== processor || (task !== undefined && task !== entry.task)) return undefined;
  switch (entry.call) {
    case "generate":
      return code(TOKENIZE_OPEN + taskTextBody(model, entry.task) + GENERATE_TAIL);
    case "classify":
      return code(TOKENIZE_OPEN + taskTextBody(model, entry.task) + CLASSIFY_TAIL);
    case "tag":
      return code(TOKENIZE_OPEN + taskTextBody(model, entry.task) + TAG_TAIL);
    case "classify-image":
      return {
        imports: LOAD_IMAGE_IMPORT,
        code: LOAD_IMAGE_OPEN + srcBody(model, IMAGE_URL_BODY) + CLASSIFY_IMAGE_TAIL,
      };
  }
}

// The example calls as fixed text around the body of their one literal, joined once.
const TOKENIZE_OPEN = '\n\ninputs = tokenizer("';
const GENERATE_TAIL = flat(`", return_tensors="pt").to(model.device)
outputs = model.generate(**inputs, max_new_tokens=${MAX_NEW_TOKENS})
print(tokenizer.decode(outputs[0], skip_special_tokens=True))`);
const CLASSIFY_TAIL = flat(`", return_tensors="pt")
logits = model(**inputs).logits
print(model.config.id2label[logits.argmax(-1).item()])`);
const TAG_TAIL = flat(`", return_tensors="pt")
logits = model(**inputs).logits
tokens = tokenizer.convert_ids_to_tokens(inputs["input_ids"][0])
print([(token, model.config.id2label[i]) for token, i in zip(tokens, logits.argmax(-1)[0].tolist())])`);
const LOAD_IMAGE_OPEN = '\n\nimage = load_image("';
const CLASSIFY_IMAGE_TAIL = flat(`")
inputs = processor(images=image, return_tensors="pt")
logits = model(**inputs).logits
print(model.config.id2label[logits.argmax(-1).item()])`);
function code(lines: string): DirectCallCode {
  return { code: lines };
}
