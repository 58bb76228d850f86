// transformers: a high-level pipeline snippet when the model's task is a pipeline task, then a direct load.
import { flat, lines } from "../code/lines.js";
import { isPyIdentifier, pyStr } from "../code/python.js";
import type { ModelRecord } from "../model.js";
import { hasTag } from "../model-readers.js";
import { remoteCodeArg } from "./text-record.js";
import { type ChatKind, chatGenerate, chatMessages, chatPipelineCall } from "./text-transformers-chat.js";
import {
  type DirectCallCode,
  directCall,
  guessModelClass,
  guessProcessorClass,
  processorVariable,
} from "./text-transformers-direct.js";
import {
  isTransformersTask,
  pipelineCall,
  TRANSFORMERS_PIPELINE_INPUTS,
  type TransformersTask,
} from "./text-transformers-tasks.js";

/** Tag of models trained to chat: their examples are a conversation rendered by the chat template. */
export const CONVERSATIONAL_TAG = "conversational";

/** Comment of the direct-load snippet when the record has no `transformersInfo` (spec §5). */
export const UNKNOWN_MODEL_TYPE = "# Type of model unknown.";

// Said whenever the auto class is our guess rather than the record's, so the visitor knows to check it.
const GUESSED_CLASS = "# The auto class below is a best guess; the model card names the one to use.";

/** Snippets that load `model` with transformers: a pipeline when its task has one, then the auto classes. */
export function transformers(model: ModelRecord): string[] {
  const tag = model.pipeline_tag ?? model.transformersInfo?.pipeline_tag;
  const task = isTransformersTask(tag) ? tag : undefined;
  const chat = chatKind(model, task);
  // The id and the remote-code flag, as one argument list both snippets pass: escaped once.
  const idArgs = `${pyStr(model.id)}${remoteCodeArg(model)}`;
  const direct = directSnippet(model, task, chat, idArgs);
  return task === undefined ? [direct] : [pipelineSnippet(model, task, chat, idArgs), direct];
}

/** Whether the examples are a conversation, and whether it holds an image. */
function chatKind(model: ModelRecord, task: TransformersTask | undefined): ChatKind | undefined {
  if (task === "image-text-to-text") return "image";
  return hasTag(model, CONVERSATIONAL_TAG) ? "text" : undefined;
}

// Everything the snippets hold that depends only on the task, the chat kind or the class names, built when the
// module loads: a page view only fills in the model's id and example.

/** The pipeline snippet of each task up to its `model=` argument. */
const PIPELINE_OPENINGS = new Map<string, string>(
  Object.keys(TRANSFORMERS_PIPELINE_INPUTS).map((task) => [
    task,
    flat(
      lines(
        "# Use a pipeline as a high-level helper",
        "from transformers import pipeline",
        "",
        `pipe = pipeline(${pyStr(task)}, model=`,
      ),
    ),
  ]),
);

/** The lines after `pipe = pipeline(...)` of a chat pipeline: the conversation and the call. */
const CHAT_PIPELINE_TAILS: Record<ChatKind, string> = {
  text: flat(lines("", "", chatMessages("text"), chatPipelineCall("text"))),
  image: flat(lines("", "", chatMessages("image"), chatPipelineCall("image"))),
};

/** The first lines of the direct-load snippet up to `from transformers import `, by how the class is known. */
const DIRECT_OPENINGS = {
  known: flat(lines("# Load model directly", "from transformers import ")),
  guessed: flat(lines("# Load model directly", GUESSED_CLASS, "from transformers import ")),
  unknown: flat(lines(UNKNOWN_MODEL_TYPE, GUESSED_CLASS, "from transformers import ")),
} as const;

/** The conversation and generation lines after a direct load, by chat kind and preprocessing variable. */
const CHAT_DIRECT_TAILS = new Map<string, string>(
  (["text", "image"] as const).flatMap((chat) =>
    (["tokenizer", "processor"] as const).map((processor) => [
      `${chat} ${processor}`,
      flat(lines("", "", chatMessages(chat), chatGenerate(processor))),
    ]),
  ),
);

function pipelineSnippet(
  model: ModelRecord,
  task: TransformersTask,
  chat: ChatKind | undefined,
  idArgs: string,
): string {
  const opening = `${PIPELINE_OPENINGS.get(task)}${idArgs})`;
  // Only these two pipelines take a conversation; a conversational model of another task gets that task's call.
  if (chat !== undefined && (task === "text-generation" || task === "image-text-to-text"))
    return opening + CHAT_PIPELINE_TAILS[chat];
  const call = pipelineCall(model, task);
  return call === undefined ? opening : `${opening}\n${call}\nprint(output)`;
}

function directSnippet(
  model: ModelRecord,
  task: TransformersTask | undefined,
  chat: ChatKind | undefined,
  idArgs: string,
): string {
  const info = model.transformersInfo;
  // Class names from the record become code, so they are used only when they are plain Python names.
  const known = isPyIdentifier(info?.auto_model);
  const modelClass = known && info ? info.auto_model : guessModelClass(chat, task);
  const processorClass = isPyIdentifier(info?.processor) ? info.processor : guessProcessorClass(chat);
  const processor = processorClass === undefined ? undefined : processorVariable(processorClass);
  const call =
    processor === undefined || chat !== undefined ? undefined : directCall(model, modelClass, processor, task);
  const load = `.from_pretrained(${idArgs})`;
  const opening = DIRECT_OPENINGS[known ? "known" : info ? "guessed" : "unknown"];
  return lines(
    opening + importList(modelClass, processorClass),
    call?.imports,
    "",
    processorClass !== undefined && `${processor} = ${processorClass}${load}`,
    `model = ${modelClass}${load}${example(chat, processor, call)}`,
  );
}

/** The lines after the load (each with its leading line break): the conversation when the model chats, else the class's example call. */
function example(chat: ChatKind | undefined, processor: string | undefined, call: DirectCallCode | undefined): string {
  if (chat !== undefined && processor !== undefined) return CHAT_DIRECT_TAILS.get(`${chat} ${processor}`) ?? "";
  return call === undefined ? "" : `\n\n${call.code}`;
}

function importList(modelClass: string, processorClass: string | undefined): string {
  if (processorClass === undefined || processorClass === modelClass) return modelClass;
  return modelClass < processorClass ? `${modelClass}, ${processorClass}` : `${processorClass}, ${modelClass}`;
}
