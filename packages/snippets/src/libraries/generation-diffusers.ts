// diffusers load snippets. The pipeline call follows the model's task; adapters (LoRA, textual inversion,
// ControlNet) are loaded on top of the base model named by the hub's `base_model:` tags.
import { lines, pyStr } from "../code/index.js";
import type { ModelRecord } from "../model.js";
import { pipInstall } from "./common.js";
import { hasTag, widgetSrc, widgetText } from "./generation-helpers.js";

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

/** A task whose call takes a prompt. */
type PromptedTask = Exclude<DiffusersTask, "unconditional-image-generation">;

/** The prompt of each task when the model has no widget text; image tasks describe the example image. */
export const DIFFUSERS_DEFAULT_PROMPTS: Readonly<Record<PromptedTask, string>> = {
  "text-to-image": "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k",
  "image-to-image": "Give the cat a small wizard hat",
  inpainting: "Face of a yellow cat, high resolution, sitting on a park bench",
  "text-to-video": "A cat walks on the grass, realistic",
  "image-to-video": "The cat turns its head toward the camera and blinks",
};
const DOC_IMAGES = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers";
const EXAMPLE_IMAGE_URL = `${DOC_IMAGES}/cat.png`;
const INPAINT_IMAGE_URL = `${DOC_IMAGES}/inpaint.png`;
const INPAINT_MASK_URL = `${DOC_IMAGES}/inpaint_mask.png`;
const CONTROL_IMAGE_URL = `${DOC_IMAGES}/input_image_vermeer.png`;
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

function utilsImport(task: DiffusersTask | undefined): string | false {
  switch (task) {
    case "image-to-image":
    case "inpainting":
      return "from diffusers.utils import load_image";
    case "text-to-video":
      return "from diffusers.utils import export_to_video";
    case "image-to-video":
      return "from diffusers.utils import export_to_video, load_image";
    default:
      return false;
  }
}

function promptLine(model: ModelRecord, task: PromptedTask): string {
  return `prompt = ${pyStr(widgetText(model) ?? DIFFUSERS_DEFAULT_PROMPTS[task])}`;
}

function inputImageLine(model: ModelRecord): string {
  return `input_image = load_image(${pyStr(widgetSrc(model) ?? EXAMPLE_IMAGE_URL)})`;
}

/** The lines that run the loaded `pipe` for `task` and save its output. */
function callLines(model: ModelRecord, task: DiffusersTask | undefined): string {
  switch (task) {
    case "text-to-image":
      return lines(promptLine(model, "text-to-image"), "image = pipe(prompt).images[0]", `image.save("image.png")`);
    case "image-to-image":
      return lines(
        promptLine(model, "image-to-image"),
        inputImageLine(model),
        "image = pipe(image=input_image, prompt=prompt).images[0]",
        `image.save("image.png")`,
      );
    case "inpainting":
      return lines(
        promptLine(model, "inpainting"),
        `init_image = load_image(${pyStr(INPAINT_IMAGE_URL)})`,
        "# White pixels of the mask are repainted, black ones kept",
        `mask_image = load_image(${pyStr(INPAINT_MASK_URL)})`,
        "image = pipe(prompt=prompt, image=init_image, mask_image=mask_image).images[0]",
        `image.save("image.png")`,
      );
    case "text-to-video":
      return lines(
        promptLine(model, "text-to-video"),
        "frames = pipe(prompt=prompt).frames[0]",
        `export_to_video(frames, "output.mp4")`,
      );
    case "image-to-video":
      return lines(
        promptLine(model, "image-to-video"),
        inputImageLine(model),
        "frames = pipe(image=input_image, prompt=prompt).frames[0]",
        `export_to_video(frames, "output.mp4")`,
      );
    case "unconditional-image-generation":
      return lines("image = pipe().images[0]", `image.save("image.png")`);
    default:
      return lines(
        `# ${UNKNOWN_PIPELINE_TAG_TEXT}`,
        "# The call arguments depend on the pipeline class; look it up in the diffusers docs",
        "print(type(pipe).__name__)",
      );
  }
}

/** `pipe = …from_pretrained(base)`, preceded by the spec fallback when the adapter names no base model. */
function baseLoadLines(model: ModelRecord, className: string, extraArgs = ""): string {
  const base = diffusersBaseModel(model);
  return lines(
    base === undefined && `# ${NO_BASE_MODEL_TEXT}`,
    base === undefined && `# Replace ${BASE_MODEL_PLACEHOLDER} with the model this adapter was trained for.`,
    `pipe = ${className}.from_pretrained(${pyStr(base ?? BASE_MODEL_PLACEHOLDER)}, ${extraArgs}${LOAD_ARGS}`,
  );
}

function adapterSnippet(model: ModelRecord, loadCall: "load_lora_weights" | "load_textual_inversion"): string {
  const task = diffusersTask(model);
  return lines(
    "import torch",
    "from diffusers import DiffusionPipeline",
    utilsImport(task),
    "",
    baseLoadLines(model, "DiffusionPipeline"),
    `pipe.${loadCall}(${pyStr(model.id)})`,
    "",
    callLines(model, task),
  );
}

function controlNetSnippet(model: ModelRecord): string {
  return lines(
    "import torch",
    "from diffusers import AutoPipelineForText2Image, ControlNetModel",
    "from diffusers.utils import load_image",
    "",
    `controlnet = ControlNetModel.from_pretrained(${pyStr(model.id)}, torch_dtype=torch.bfloat16)`,
    baseLoadLines(model, "AutoPipelineForText2Image", "controlnet=controlnet, "),
    "",
    promptLine(model, "text-to-image"),
    "# Replace with a condition image of the kind this ControlNet reads (edges, depth, pose…)",
    `control_image = load_image(${pyStr(widgetSrc(model) ?? CONTROL_IMAGE_URL)})`,
    "# Stable Diffusion ControlNet pipelines take the condition as image=, FLUX ones as control_image=",
    "image = pipe(prompt, image=control_image).images[0]",
    `image.save("image.png")`,
  );
}

function pipelineSnippet(model: ModelRecord): string {
  const task = diffusersTask(model);
  return lines(
    "import torch",
    "from diffusers import DiffusionPipeline",
    utilsImport(task),
    "",
    `pipe = DiffusionPipeline.from_pretrained(${pyStr(model.id)}, ${LOAD_ARGS}`,
    "",
    callLines(model, task),
  );
}

/** diffusers: install line, then the model's pipeline (or its base model with the adapter) and one call. */
export function diffusers(model: ModelRecord): string[] {
  if (hasTag(model, "controlnet")) return [INSTALL, controlNetSnippet(model)];
  if (hasTag(model, "lora")) return [LORA_INSTALL, adapterSnippet(model, "load_lora_weights")];
  if (hasTag(model, "textual_inversion")) return [INSTALL, adapterSnippet(model, "load_textual_inversion")];
  return [INSTALL, pipelineSnippet(model)];
}
