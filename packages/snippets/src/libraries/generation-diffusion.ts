// Load snippets of image-diffusion toolkits: DiffusionKit (MLX), Sana and Pruna's optimized models.

import { flat, lines, pyStr, pyStrBody } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { findSibling, hasTag, repoName } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";
import { pyFloat } from "./generation-helpers.js";

/** DiffusionKit example settings (spec §9): FLUX is distilled to a few steps without guidance. */
export const DIFFUSIONKIT_FLUX_STEPS = 4;
/** Denoising steps of the non-FLUX (Stable Diffusion 3) DiffusionKit example. */
export const DIFFUSIONKIT_DEFAULT_STEPS = 50;
/** Classifier-free guidance weight of the FLUX DiffusionKit example. */
export const DIFFUSIONKIT_FLUX_CFG_WEIGHT = 0;
/** Classifier-free guidance weight of the non-FLUX DiffusionKit example. */
export const DIFFUSIONKIT_DEFAULT_CFG_WEIGHT = 5;
/** Height and width of the DiffusionKit example image. */
export const DIFFUSIONKIT_IMAGE_SIZE = 512;
const DIFFUSIONKIT_INSTALL = pipInstall("diffusionkit");
const DIFFUSIONKIT_PROMPT = pyStr("a photo of a cat");

/** A FLUX checkpoint, told by a `flux` tag or `flux` in the model id (e.g. argmaxinc/mlx-FLUX.1-schnell). */
export function isFluxModel(model: ModelRecord): boolean {
  return hasTag(model, "flux") || model.id.toLowerCase().includes("flux");
}

/** The DiffusionKit example around its two model values (id, prompt), built once per pipeline kind. */
function diffusionKitTemplate(flux: boolean): { head: string; middle: string } {
  // FluxPipeline and DiffusionPipeline (Stable Diffusion 3) take the same loading options but another shift.
  const pipeline = flux ? "FluxPipeline" : "DiffusionPipeline";
  return {
    head: flat(
      lines(
        `from diffusionkit.mlx import ${pipeline}`,
        "",
        "# MLX pipeline for Apple silicon; a16/w16 keep activations and weights in float16",
        `pipeline = ${pipeline}(`,
        flux ? "    shift=1.0," : "    shift=3.0,",
        !flux && "    use_t5=False,",
      ),
    ),
    middle: flat(
      lines(
        "    low_memory_mode=True,",
        "    a16=True,",
        "    w16=True,",
        ")",
        "",
        `HEIGHT = ${DIFFUSIONKIT_IMAGE_SIZE}`,
        `WIDTH = ${DIFFUSIONKIT_IMAGE_SIZE}`,
        `NUM_STEPS = ${flux ? DIFFUSIONKIT_FLUX_STEPS : DIFFUSIONKIT_DEFAULT_STEPS}`,
        `CFG_WEIGHT = ${pyFloat(flux ? DIFFUSIONKIT_FLUX_CFG_WEIGHT : DIFFUSIONKIT_DEFAULT_CFG_WEIGHT)}`,
        "",
        "image, _ = pipeline.generate_image(",
      ),
    ),
  };
}

const DIFFUSIONKIT_FLUX = diffusionKitTemplate(true);
const DIFFUSIONKIT_SD3 = diffusionKitTemplate(false);
const DIFFUSIONKIT_TAIL = flat(
  lines(
    "    cfg_weight=CFG_WEIGHT,",
    "    num_steps=NUM_STEPS,",
    "    latent_size=(HEIGHT // 8, WIDTH // 8),",
    ")",
    `image.save("image.png")`,
  ),
);

const DIFFUSIONKIT_CODE = template((head, id, middle, widgetText) =>
  lines(`${head}`, `    model_version=${id},`, `${middle}`, `    ${widgetText},`, DIFFUSIONKIT_TAIL),
);

/** DiffusionKit: MLX text-to-image; FLUX models get 4 steps and no guidance, others 50 steps and CFG 5. */
export function diffusionkit(model: ModelRecord): string[] {
  const template = isFluxModel(model) ? DIFFUSIONKIT_FLUX : DIFFUSIONKIT_SD3;
  return [
    DIFFUSIONKIT_INSTALL,
    DIFFUSIONKIT_CODE(template.head, pyStr(model.id), template.middle, pyWidgetText(model, DIFFUSIONKIT_PROMPT)),
  ];
}

/** Sana example settings (spec §9). */
export const SANA_IMAGE_SIZE = 1024;
/** Classifier-free guidance scale of the Sana example. */
export const SANA_GUIDANCE_SCALE = 5.0;
/** Perturbed-attention guidance scale of the Sana example. */
export const SANA_PAG_GUIDANCE_SCALE = 2.0;
/** Denoising steps of the Sana example. */
export const SANA_STEPS = 18;
const SANA_PROMPT = pyStr('a cyberpunk cat with a neon sign that says "Sana"');
// Model configs of the Sana repository, by model size; the 1600M one is the flagship.
const SANA_CONFIG_600M = pyStr("configs/sana_config/1024ms/Sana_600M_img1024.yaml");
const SANA_CONFIG_1600M = pyStr("configs/sana_config/1024ms/Sana_1600M_img1024.yaml");
const SANA_CLONE = flat(lines("git clone https://github.com/NVlabs/Sana.git", "cd Sana", "pip install -e ."));
const SANA_SETUP = flat(
  lines(
    "# Run from the root of the Sana repository",
    "import torch",
    "from app.sana_pipeline import SanaPipeline",
    "from torchvision.utils import save_image",
    "",
    `device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")`,
    "generator = torch.Generator(device=device).manual_seed(42)",
    "",
  ),
);
const SANA_CALL_OPTIONS = flat(
  lines(
    `    height=${SANA_IMAGE_SIZE},`,
    `    width=${SANA_IMAGE_SIZE},`,
    `    guidance_scale=${pyFloat(SANA_GUIDANCE_SCALE)},`,
    `    pag_guidance_scale=${pyFloat(SANA_PAG_GUIDANCE_SCALE)},`,
    `    num_inference_steps=${SANA_STEPS},`,
    "    generator=generator,",
    ")",
    `save_image(image, "sana.png", nrow=1, normalize=True, value_range=(-1, 1))`,
  ),
);

function isSanaCheckpoint(path: string): boolean {
  return path.endsWith(".pth");
}

/** The `.pth` checkpoint in the repository; Sana repositories keep `checkpoints/<repo name>.pth`. */
function sanaCheckpoint(model: ModelRecord): string {
  return findSibling(model, isSanaCheckpoint) ?? `checkpoints/${repoName(model)}.pth`;
}

const SANA_CODE = template((config, id, widgetText) =>
  lines(
    SANA_SETUP,
    `sana = SanaPipeline(${config})`,
    `sana.from_pretrained(${id})`,
    "",
    "image = sana(",
    `    prompt=${widgetText},`,
    SANA_CALL_OPTIONS,
  ),
);

/** Sana: the repository's SanaPipeline with the spec's size, guidance, PAG guidance and steps. */
export function sana(model: ModelRecord): string[] {
  // "Sana_1600M" also contains "600M": test the larger size first.
  const config = !model.id.includes("1600M") && model.id.includes("600M") ? SANA_CONFIG_600M : SANA_CONFIG_1600M;
  return [
    SANA_CLONE,
    SANA_CODE(
      config,
      `"hf://${pyStrBody(model.id)}/${pyStrBody(sanaCheckpoint(model))}"`,
      pyWidgetText(model, SANA_PROMPT),
    ),
  ];
}

/** The tag of models made with Pruna Pro, which load through the pro package and class. */
export const PRUNA_PRO_TAG = "pruna_pro-ai";
/** Package and class of the open-source and of the pro edition of pruna. */
const PRUNA_EDITIONS = {
  open: { pkg: "pruna", className: "PrunaModel", install: pipInstall("pruna") },
  pro: { pkg: "pruna_pro", className: "PrunaProModel", install: pipInstall("pruna_pro") },
} as const;
const PRUNA_IMAGE_PROMPT = pyStr("A cute prune wearing sunglasses on a beach");
const PRUNA_TEXT_PROMPT = pyStr("The best way to make a model faster is");
const PRUNA_MAX_NEW_TOKENS = 40;

const PRUNA_CALL_CODE = template((widgetText) =>
  lines(`image = smashed_model(${widgetText}).images[0]`, `image.save("image.png")`),
);

const PRUNA_CALL_CODE_2 = template((id, widgetText) =>
  lines(
    `tokenizer = AutoTokenizer.from_pretrained(${id})`,
    `inputs = tokenizer(${widgetText}, return_tensors="pt")`,
    `outputs = smashed_model.generate(**inputs, max_new_tokens=${PRUNA_MAX_NEW_TOKENS})`,
    "print(tokenizer.decode(outputs[0], skip_special_tokens=True))",
  ),
);

/** The lines that run the smashed model, which behaves like the model it was made from. */
function prunaCall(model: ModelRecord): string {
  if (model.pipeline_tag === "text-to-image") {
    return PRUNA_CALL_CODE(pyWidgetText(model, PRUNA_IMAGE_PROMPT));
  }
  if (model.pipeline_tag === "text-generation") {
    return PRUNA_CALL_CODE_2(pyStr(model.id), pyWidgetText(model, PRUNA_TEXT_PROMPT));
  }
  return "# Call smashed_model as you would call the model it was made from";
}

/** Pruna: PrunaModel.from_pretrained; the pro tag switches to pruna_pro / PrunaProModel everywhere. */
export function prunaAi(model: ModelRecord): string[] {
  const edition = hasTag(model, PRUNA_PRO_TAG) ? PRUNA_EDITIONS.pro : PRUNA_EDITIONS.open;
  return [
    edition.install,
    lines(
      `from ${edition.pkg} import ${edition.className}`,
      model.pipeline_tag === "text-generation" && "from transformers import AutoTokenizer",
      "",
      `smashed_model = ${edition.className}.from_pretrained(${pyStr(model.id)})`,
      "",
      prunaCall(model),
    ),
  ];
}
