// diffusers load snippets. The pipeline call follows the model's task; adapters (LoRA, textual inversion,
// ControlNet) are loaded on top of the base model named by the hub's `base_model:` tags.

import { flat, lines, pyStr, pyStrBody } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag, widgetSrc } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";

/** The tasks whose pipeline call the diffusers example knows, keyed by hub pipeline tag. */
const DIFFUSERS_TASKS = [
  "text-to-image",
  "image-to-image",
  "text-to-video",
  "image-to-video",
  "unconditional-image-generation",
] as const;

/** A task the diffusers example writes a call for; inpainting is told apart from image-to-image by tags. */
type DiffusersTask = (typeof DIFFUSERS_TASKS)[number] | "inpainting";

const DOC_IMAGES = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers";
const EXAMPLE_IMAGE = pyStr(`${DOC_IMAGES}/cat.png`);
const CONTROL_IMAGE = pyStr(`${DOC_IMAGES}/input_image_vermeer.png`);
const SAVE_IMAGE = `image.save("image.png")`;
const TEXT_TO_IMAGE_PROMPT = pyStr("Astronaut in a jungle, cold color palette, muted colors, detailed, 8k");
const SAVE_VIDEO = `export_to_video(frames, "output.mp4")`;

/** How the example runs one task: the diffusers.utils import, the default prompt, the call. */
interface TaskCode {
  /** The `from diffusers.utils import …` line the call needs, if any. */
  utils: string | false;
  /** The prompt literal used without widget text; `false` for tasks that take no prompt. */
  prompt: string | false;
  /** Whether the call reads `input_image` (the widget image, else an example). */
  inputImage: boolean;
  /** The lines that run `pipe` and save its output. */
  call: string;
}

// Default prompts of the image tasks describe the example image (a cat; a dog on a bench for inpainting).
const TASK_CODE: Readonly<Record<DiffusersTask, TaskCode>> = {
  "text-to-image": {
    utils: false,
    prompt: TEXT_TO_IMAGE_PROMPT,
    inputImage: false,
    call: flat(lines("image = pipe(prompt).images[0]", SAVE_IMAGE)),
  },
  "image-to-image": {
    utils: "from diffusers.utils import load_image",
    prompt: pyStr("Give the cat a small wizard hat"),
    inputImage: true,
    call: flat(lines("image = pipe(image=input_image, prompt=prompt).images[0]", SAVE_IMAGE)),
  },
  inpainting: {
    utils: "from diffusers.utils import load_image",
    prompt: pyStr("Face of a yellow cat, high resolution, sitting on a park bench"),
    inputImage: false,
    call: flat(
      lines(
        `init_image = load_image(${pyStr(`${DOC_IMAGES}/inpaint.png`)})`,
        "# White pixels of the mask are repainted, black ones kept",
        `mask_image = load_image(${pyStr(`${DOC_IMAGES}/inpaint_mask.png`)})`,
        "image = pipe(prompt=prompt, image=init_image, mask_image=mask_image).images[0]",
        SAVE_IMAGE,
      ),
    ),
  },
  "text-to-video": {
    utils: "from diffusers.utils import export_to_video",
    prompt: pyStr("A cat walks on the grass, realistic"),
    inputImage: false,
    call: flat(lines("frames = pipe(prompt=prompt).frames[0]", SAVE_VIDEO)),
  },
  "image-to-video": {
    utils: "from diffusers.utils import export_to_video, load_image",
    prompt: pyStr("The cat turns its head toward the camera and blinks"),
    inputImage: true,
    call: flat(lines("frames = pipe(image=input_image, prompt=prompt).frames[0]", SAVE_VIDEO)),
  },
  "unconditional-image-generation": {
    utils: false,
    prompt: false,
    inputImage: false,
    call: flat(lines("image = pipe().images[0]", SAVE_IMAGE)),
  },
};
/** Stands for the base model in adapter snippets when the model names none. */
export const BASE_MODEL_PLACEHOLDER = "BASE_MODEL_ID";
/** Spec §5 fallback text: an adapter whose base model is unknown. */
export const NO_BASE_MODEL_TEXT = "Base model is not found.";
/** Spec §5 fallback text: a task the example has no call for. */
export const UNKNOWN_PIPELINE_TAG_TEXT = "Unknown pipeline tag";
const LOAD_ARGS = `torch_dtype=torch.bfloat16).to("cuda")`;
const INSTALL = pipInstall("diffusers", "transformers", "accelerate");
// LoRA weights load through peft.
const LORA_INSTALL = pipInstall("diffusers", "transformers", "accelerate", "peft");

const BASE_MODEL_TAG = "base_model:";
const ADAPTER_RELATION = "adapter:";
// The hub writes `base_model:<relation>:<id>` besides the plain `base_model:<id>`.
const BASE_MODEL_RELATIONS = ["adapter:", "finetune:", "merge:", "quantized:"] as const;

function hasRelation(rest: string): boolean {
  for (const relation of BASE_MODEL_RELATIONS) if (rest.startsWith(relation)) return true;
  return false;
}

/** The base model an adapter plugs into: the `base_model:adapter:` tag first, else a plain `base_model:` tag. */
export function diffusersBaseModel(model: ModelRecord): string | undefined {
  let plain: string | undefined;
  for (const tag of model.tags) {
    if (!tag.startsWith(BASE_MODEL_TAG)) continue;
    const rest = tag.slice(BASE_MODEL_TAG.length);
    if (rest.startsWith(ADAPTER_RELATION)) return rest.slice(ADAPTER_RELATION.length);
    if (plain === undefined && rest !== "" && !hasRelation(rest)) plain = rest;
  }
  return plain;
}

function isInpainting(model: ModelRecord): boolean {
  const className = model.config?.diffusers?._class_name;
  return hasTag(model, "inpainting") || (typeof className === "string" && className.includes("Inpaint"));
}

/** The task of the example; `undefined` for a pipeline tag it has no call for. */
export function diffusersTask(model: ModelRecord): DiffusersTask | undefined {
  if (isInpainting(model)) return "inpainting";
  const tag = model.pipeline_tag;
  // Most diffusers models without a task are text-to-image checkpoints, the library's main use.
  if (tag === undefined) return "text-to-image";
  return (DIFFUSERS_TASKS as readonly string[]).includes(tag) ? (tag as DiffusersTask) : undefined;
}

/** Spec §5 fallback for a pipeline tag the example has no call for, then a way to find the right call. */
const UNKNOWN_TASK_CALL = flat(
  lines(
    `# ${UNKNOWN_PIPELINE_TAG_TEXT}`,
    "# The call arguments depend on the pipeline class; look it up in the diffusers docs",
    "print(type(pipe).__name__)",
  ),
);

function inputImageLiteral(model: ModelRecord): string {
  const src = widgetSrc(model);
  return src === undefined ? EXAMPLE_IMAGE : pyStr(src);
}

/**
 * A task's call lines as fixed text around its values: `before`, the prompt literal (when the task takes a prompt),
 * `between` and the input image literal (when it reads one), then `after`. Joined once, so a call adds only the
 * values: each piece of a string built by concatenation is copied again when the string is first read.
 */
interface CallText {
  before: string;
  between: string;
  after: string;
}

function callText(code: TaskCode): CallText {
  const imageOpen = "input_image = load_image(";
  if (code.prompt !== false) {
    return code.inputImage
      ? { before: "prompt = ", between: `\n${imageOpen}`, after: flat(`)\n${code.call}`) }
      : { before: "prompt = ", between: "", after: flat(`\n${code.call}`) };
  }
  return code.inputImage
    ? { before: imageOpen, between: "", after: flat(`)\n${code.call}`) }
    : { before: code.call, between: "", after: "" };
}

const CALL_TEXTS = new Map<TaskCode, CallText>(Object.values(TASK_CODE).map((code) => [code, callText(code)]));

// The imports that open the pipeline and adapter snippets, by task: joined once, ending with the blank line.
const PLAIN_HEAD = flat(lines("import torch", "from diffusers import DiffusionPipeline", "", ""));
const TASK_HEADS = new Map<TaskCode | undefined, string>(
  Object.values(TASK_CODE).map((code) => [
    code,
    flat(lines("import torch", "from diffusers import DiffusionPipeline", code.utils, "", "")),
  ]),
);

function head(code: TaskCode | undefined): string {
  return TASK_HEADS.get(code) ?? PLAIN_HEAD;
}

const CONTROLNET_HEAD = flat(
  lines(
    "import torch",
    "from diffusers import AutoPipelineForText2Image, ControlNetModel",
    "from diffusers.utils import load_image",
    "",
    "controlnet = ControlNetModel.from_pretrained(",
  ),
);
const CONTROLNET_RUN = flat(
  lines(
    "# Stable Diffusion ControlNet pipelines take the condition as image=, FLUX ones as control_image=",
    "image = pipe(prompt, image=control_image).images[0]",
    `image.save("image.png")`,
  ),
);

/** The lines that run the loaded `pipe` for the task and save its output. */
function callLines(model: ModelRecord, code: TaskCode | undefined): string {
  if (code === undefined) return UNKNOWN_TASK_CALL;
  return callValues(model, code, (CALL_TEXTS.get(code) as CallText).before);
}

/** `start`, which ends with the call's `before` text, then the task's values and the rest of its call lines. */
function callValues(model: ModelRecord, code: TaskCode, start: string): string {
  const text = CALL_TEXTS.get(code) as CallText;
  let out = start;
  if (code.prompt !== false) out += pyWidgetText(model, code.prompt);
  if (code.inputImage) out += text.between + inputImageLiteral(model);
  return out + text.after;
}

/** The `pipe = …from_pretrained(base)` lines of one pipeline class, joined once around the base model's literal. */
interface BaseLoadText {
  /** Up to the opening quote of the base model's id. */
  open: string;
  /** From its closing quote to the end of the line. */
  close: string;
  /** The spec fallback when the adapter names no base model, and the line loading the placeholder. */
  unknown: string;
}

function baseLoadText(className: string, extraArgs: string): BaseLoadText {
  return {
    open: flat(`pipe = ${className}.from_pretrained("`),
    close: flat(`", ${extraArgs}${LOAD_ARGS}`),
    unknown: flat(
      lines(
        `# ${NO_BASE_MODEL_TEXT}`,
        `# Replace ${BASE_MODEL_PLACEHOLDER} with the model this adapter was trained for.`,
        `pipe = ${className}.from_pretrained(${pyStr(BASE_MODEL_PLACEHOLDER)}, ${extraArgs}${LOAD_ARGS}`,
      ),
    ),
  };
}

const ADAPTER_BASE_LOAD = baseLoadText("DiffusionPipeline", "");
const CONTROLNET_BASE_LOAD = baseLoadText("AutoPipelineForText2Image", "controlnet=controlnet, ");

/** `pipe = …from_pretrained(base)`, preceded by the spec fallback when the adapter names no base model. */
function baseLoadLines(model: ModelRecord, text: BaseLoadText): string {
  const base = diffusersBaseModel(model);
  return base === undefined ? text.unknown : text.open + pyStrBody(base) + text.close;
}

// The adapter snippets of both loaders, joined once around the head, base load, the adapter's id and the call.
const ADAPTER_SNIPPET_CODES = {
  load_lora_weights: template((head, base, id, call) =>
    lines(`${head}${base}`, `pipe.load_lora_weights("${id}")`, "", `${call}`),
  ),
  load_textual_inversion: template((head, base, id, call) =>
    lines(`${head}${base}`, `pipe.load_textual_inversion("${id}")`, "", `${call}`),
  ),
} as const;

function adapterSnippet(model: ModelRecord, loadCall: keyof typeof ADAPTER_SNIPPET_CODES): string {
  const task = diffusersTask(model);
  const code = task === undefined ? undefined : TASK_CODE[task];
  return ADAPTER_SNIPPET_CODES[loadCall](
    head(code),
    baseLoadLines(model, ADAPTER_BASE_LOAD),
    pyStrBody(model.id),
    callLines(model, code),
  );
}

function controlImage(model: ModelRecord): string {
  const src = widgetSrc(model);
  return src === undefined ? CONTROL_IMAGE : pyStr(src);
}

const CONTROL_NET_SNIPPET_CODE = template((id, baseLoadLines2, widgetText, controlImage2) =>
  lines(
    `${CONTROLNET_HEAD}${id}, torch_dtype=torch.bfloat16)`,
    `${baseLoadLines2}`,
    "",
    `prompt = ${widgetText}`,
    "# Replace with a condition image of the kind this ControlNet reads (edges, depth, pose…)",
    `control_image = load_image(${controlImage2})`,
    CONTROLNET_RUN,
  ),
);

function controlNetSnippet(model: ModelRecord): string {
  return CONTROL_NET_SNIPPET_CODE(
    pyStr(model.id),
    baseLoadLines(model, CONTROLNET_BASE_LOAD),
    pyWidgetText(model, TEXT_TO_IMAGE_PROMPT),
    controlImage(model),
  );
}

/**
 * The pipeline snippet of each task up to the opening quote of the id, and from its closing quote to the first value
 * (to the end for a task the example has no call for).
 */
interface PipelineText {
  open: string;
  afterId: string;
}

function pipelineText(code: TaskCode | undefined): PipelineText {
  const loaded = `", ${LOAD_ARGS}\n\n`;
  return {
    open: flat(`${head(code)}pipe = DiffusionPipeline.from_pretrained("`),
    afterId: flat(loaded + (code === undefined ? UNKNOWN_TASK_CALL : (CALL_TEXTS.get(code) as CallText).before)),
  };
}

const PIPELINE_TEXTS = new Map<TaskCode | undefined, PipelineText>([
  [undefined, pipelineText(undefined)],
  ...Object.values(TASK_CODE).map((code): [TaskCode, PipelineText] => [code, pipelineText(code)]),
]);

function pipelineSnippet(model: ModelRecord): string {
  const task = diffusersTask(model);
  const code = task === undefined ? undefined : TASK_CODE[task];
  const text = PIPELINE_TEXTS.get(code) as PipelineText;
  const start = text.open + pyStrBody(model.id) + text.afterId;
  return code === undefined ? start : callValues(model, code, start);
}

/** diffusers: install line, then the model's pipeline (or its base model with the adapter) and one call. */
export function diffusers(model: ModelRecord): string[] {
  if (hasTag(model, "controlnet")) return [INSTALL, controlNetSnippet(model)];
  if (hasTag(model, "lora")) return [LORA_INSTALL, adapterSnippet(model, "load_lora_weights")];
  if (hasTag(model, "textual_inversion")) return [INSTALL, adapterSnippet(model, "load_textual_inversion")];
  return [INSTALL, pipelineSnippet(model)];
}
