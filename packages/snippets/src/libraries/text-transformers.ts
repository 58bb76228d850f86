// transformers: a high-level pipeline snippet when the model's task is a pipeline task, then a direct load.
import { flat, lines } from "../code/lines.js";
import { pyStr, pyStrBody } from "../code/python.js";
import type { ModelRecord } from "../model.js";
import { CUSTOM_CODE_TAG, REMOTE_CODE_ARG } from "./text-record.js";
import { type ChatKind, chatGenerate, chatMessages, chatPipelineCall } from "./text-transformers-chat.js";
import {
  AUTO_MODEL_CLASSES,
  AUTO_PROCESSOR_CLASSES,
  directCall,
  guessModelClass,
  guessProcessorClass,
  isClassName,
  processorVariable,
} from "./text-transformers-direct.js";
import { pipelineCall, TRANSFORMERS_PIPELINE_INPUTS, type TransformersTask } from "./text-transformers-tasks.js";

/** Tag of models trained to chat: their examples are a conversation rendered by the chat template. */
export const CONVERSATIONAL_TAG = "conversational";

/** Comment of the direct-load snippet when the record has no `transformersInfo` (spec §5). */
export const UNKNOWN_MODEL_TYPE = "# Type of model unknown.";

// Said whenever the auto class is our guess rather than the record's, so the visitor knows to check it.
const GUESSED_CLASS = "# The auto class below is a best guess; the model card names the one to use.";

/** Snippets that load `model` with transformers: a pipeline when its task has one, then the auto classes. */
export function transformers(model: ModelRecord): string[] {
  const tag = model.pipeline_tag ?? model.transformersInfo?.pipeline_tag;
  // The pipeline openings are keyed by exactly the transformers tasks: one lookup tells the task and finds its opening.
  const opening = typeof tag === "string" ? PIPELINE_OPENINGS.get(tag) : undefined;
  const task = opening === undefined ? undefined : (tag as TransformersTask);
  const tags = snippetTags(model);
  const chat = chatKind(task, tags.conversational);
  // The id, escaped once, goes between quotes both snippets write; what follows it closes the argument list.
  const id = pyStrBody(model.id);
  const ends = tags.customCode ? REMOTE_CODE_ENDS : PLAIN_ENDS;
  const direct = directSnippet(model, task, chat, id, ends);
  return task === undefined ? [direct] : [pipelineSnippet(model, task, opening as string, chat, id, ends), direct];
}

/** The two tags the snippets depend on, found in one pass over the record's tags (read on every page view). */
function snippetTags(model: ModelRecord): { conversational: boolean; customCode: boolean } {
  const found = { conversational: false, customCode: false };
  if (!Array.isArray(model.tags)) return found;
  for (const tag of model.tags) {
    if (tag === CONVERSATIONAL_TAG) found.conversational = true;
    else if (tag === CUSTOM_CODE_TAG) found.customCode = true;
  }
  return found;
}

/** Whether the examples are a conversation, and whether it holds an image. */
function chatKind(task: TransformersTask | undefined, conversational: boolean): ChatKind | undefined {
  if (task === "image-text-to-text") return "image";
  return conversational ? "text" : undefined;
}

// Everything the snippets hold that depends only on the task, the chat kind or the class names, built when the
// module loads: a page view only fills in the model's id and example. A snippet is joined from as few pieces as
// possible: each piece of a string built by concatenation is visited again when the string is first read.

/** The pipeline snippet of each task up to the opening quote of its `model=` argument. */
const PIPELINE_OPENINGS = new Map<string, string>(
  Object.keys(TRANSFORMERS_PIPELINE_INPUTS).map((task) => [
    task,
    flat(
      lines(
        "# Use a pipeline as a high-level helper",
        "from transformers import pipeline",
        "",
        `pipe = pipeline(${pyStr(task)}, model="`,
      ),
    ),
  ]),
);

/** The lines after `pipe = pipeline(...)` of a chat pipeline: the conversation and the call. */
const CHAT_PIPELINE_TAILS: Record<ChatKind, string> = {
  text: flat(lines("", "", chatMessages("text"), chatPipelineCall("text"))),
  image: flat(lines("", "", chatMessages("image"), chatPipelineCall("image"))),
};

/** The variable the preprocessing object is assigned to. */
type Processor = "tokenizer" | "processor";

/** The first lines of the direct-load snippet up to `from transformers import `, by how the class is known. */
const DIRECT_OPENINGS = {
  known: flat(lines("# Load model directly", "from transformers import ")),
  guessed: flat(lines("# Load model directly", GUESSED_CLASS, "from transformers import ")),
  unknown: flat(lines(UNKNOWN_MODEL_TYPE, GUESSED_CLASS, "from transformers import ")),
} as const;

/** The conversation and generation lines after a direct load, by chat kind and preprocessing variable. */
const CHAT_DIRECT_TAILS: Record<ChatKind, Record<Processor, string>> = {
  text: chatDirectTails("text"),
  image: chatDirectTails("image"),
};

function chatDirectTails(chat: ChatKind): Record<Processor, string> {
  return {
    tokenizer: flat(lines("", "", chatMessages(chat), chatGenerate("tokenizer"))),
    processor: flat(lines("", "", chatMessages(chat), chatGenerate("processor"))),
  };
}

/** The blank line and the start of the processor's line up to its class name, by preprocessing variable. */
const PROCESSOR_LINE_STARTS = { tokenizer: "\n\ntokenizer = ", processor: "\n\nprocessor = " } as const;

const FROM_PRETRAINED = '.from_pretrained("';

// The pieces around the class names, joined once for transformers' own auto classes (most records name one).

/** `Class.from_pretrained("` of each auto model class. */
const MODEL_LOADS = new Map<string, string>(AUTO_MODEL_CLASSES.map((cls) => [cls, flat(cls + FROM_PRETRAINED)]));

/** A preprocessing class as the direct snippet writes it. */
interface ProcessorRow {
  /** The class name. */
  cls: string;
  /** The variable it is assigned to. */
  variable: Processor;
  /** The blank line and `tokenizer = AutoTokenizer.from_pretrained("` (or `processor = …`). */
  load: string;
}

function processorRow(cls: string): ProcessorRow {
  const variable = processorVariable(cls);
  return { cls, variable, load: PROCESSOR_LINE_STARTS[variable] + cls + FROM_PRETRAINED };
}

/** The row of each auto processor class, joined once: most records name one, and one lookup finds all three facts. */
const PROCESSOR_ROWS = new Map<string, ProcessorRow>(
  AUTO_PROCESSOR_CLASSES.map((cls) => {
    const row = processorRow(cls);
    return [cls, { ...row, load: flat(row.load) }];
  }),
);

/** The record's processor class when it is a plain Python name, else the chat kind's guess (or none). */
function processorOf(name: unknown, chat: ChatKind | undefined): ProcessorRow | undefined {
  const auto = typeof name === "string" ? PROCESSOR_ROWS.get(name) : undefined;
  if (auto !== undefined) return auto;
  if (isClassName(name)) return processorRow(name);
  const guess = guessProcessorClass(chat);
  return guess === undefined ? undefined : PROCESSOR_ROWS.get(guess);
}

/** The direct snippet's first lines with the import list of each auto model class and auto processor class. */
const DIRECT_HEADS = {
  known: directHeads("known"),
  guessed: directHeads("guessed"),
  unknown: directHeads("unknown"),
} as const;

function directHeads(kind: keyof typeof DIRECT_OPENINGS): ReadonlyMap<string, ReadonlyMap<string, string>> {
  return new Map(
    AUTO_MODEL_CLASSES.map((modelClass) => [
      modelClass,
      new Map(AUTO_PROCESSOR_CLASSES.map((cls) => [cls, flat(DIRECT_OPENINGS[kind] + joinImports(modelClass, cls))])),
    ]),
  );
}

/** What follows the id's literal in a snippet, with or without the remote-code argument. */
interface ArgumentEnds {
  /** Closes the literal and the argument list. */
  close: string;
  /** Closes them and ends the line. */
  closeLine: string;
  /** Closes them and starts the line loading the model: `model = ` follows. */
  closeThenModel: string;
  /** `closeThenModel` and `Class.from_pretrained("` of each auto model class, joined. */
  modelLoads: ReadonlyMap<string, string>;
  /** `close` and the conversation lines after a direct load, joined, by chat kind and preprocessing variable. */
  chatTails: Record<ChatKind, Record<Processor, string>>;
  /** `close` and the conversation and call of a chat pipeline, joined, by chat kind. */
  chatPipelineTails: Record<ChatKind, string>;
}

function argumentEnds(extra: string): ArgumentEnds {
  const close = `"${extra})`;
  const closeThenModel = `${close}\nmodel = `;
  const chatTails = (chat: ChatKind) => ({
    tokenizer: flat(close + CHAT_DIRECT_TAILS[chat].tokenizer),
    processor: flat(close + CHAT_DIRECT_TAILS[chat].processor),
  });
  return {
    close,
    closeLine: `${close}\n`,
    closeThenModel,
    modelLoads: new Map(AUTO_MODEL_CLASSES.map((cls) => [cls, flat(closeThenModel + cls + FROM_PRETRAINED)])),
    chatTails: { text: chatTails("text"), image: chatTails("image") },
    chatPipelineTails: {
      text: flat(close + CHAT_PIPELINE_TAILS.text),
      image: flat(close + CHAT_PIPELINE_TAILS.image),
    },
  };
}

const PLAIN_ENDS = argumentEnds("");
const REMOTE_CODE_ENDS = argumentEnds(REMOTE_CODE_ARG);

function pipelineSnippet(
  model: ModelRecord,
  task: TransformersTask,
  pipelineOpening: string,
  chat: ChatKind | undefined,
  id: string,
  ends: ArgumentEnds,
): string {
  const opening = pipelineOpening + id;
  // Only these two pipelines take a conversation; a conversational model of another task gets that task's call.
  if (chat !== undefined && (task === "text-generation" || task === "image-text-to-text"))
    return opening + ends.chatPipelineTails[chat];
  const call = pipelineCall(model, task);
  return call === undefined ? opening + ends.close : `${opening}${ends.closeLine}${call}\nprint(output)`;
}

function directSnippet(
  model: ModelRecord,
  task: TransformersTask | undefined,
  chat: ChatKind | undefined,
  id: string,
  ends: ArgumentEnds,
): string {
  const info = model.transformersInfo;
  // Class names from the record become code, so they are used only when they are plain Python names.
  const known = isClassName(info?.auto_model);
  const modelClass = known && info ? info.auto_model : guessModelClass(chat, task);
  const processor = processorOf(info?.processor, chat);
  const call =
    processor === undefined || chat !== undefined ? undefined : directCall(model, modelClass, processor.variable, task);
  let out = directHead(known ? "known" : info ? "guessed" : "unknown", modelClass, processor?.cls);
  if (call?.imports !== undefined) out += call.imports;
  if (processor === undefined) {
    out += `\n\nmodel = ${MODEL_LOADS.get(modelClass) ?? modelClass + FROM_PRETRAINED}`;
  } else {
    out += processor.load;
    out += id + (ends.modelLoads.get(modelClass) ?? ends.closeThenModel + modelClass + FROM_PRETRAINED);
  }
  out += id;
  // The conversation when the model chats, else the class's example call.
  if (chat !== undefined && processor !== undefined) return out + ends.chatTails[chat][processor.variable];
  return call === undefined ? out + ends.close : out + ends.close + call.code;
}

/** The first lines of the direct snippet, through the list of classes it imports. */
function directHead(
  kind: keyof typeof DIRECT_OPENINGS,
  modelClass: string,
  processorClass: string | undefined,
): string {
  if (processorClass === undefined || processorClass === modelClass) return DIRECT_OPENINGS[kind] + modelClass;
  return (
    DIRECT_HEADS[kind].get(modelClass)?.get(processorClass) ??
    DIRECT_OPENINGS[kind] + joinImports(modelClass, processorClass)
  );
}

/** Two classes to import, in alphabetical order. */
function joinImports(modelClass: string, processorClass: string): string {
  return modelClass < processorClass ? `${modelClass}, ${processorClass}` : `${processorClass}, ${modelClass}`;
}
