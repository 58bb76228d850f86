// Load snippets of scientific imaging libraries: VideoPrism, TerraTorch and OpenDDE. Each follows the usage its
// library documents. The medical imaging libraries are in vision-medical.ts.

import { toJson } from "../code/json.js";
import { flat, lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import { shQuote } from "../code/sh.js";
import { template } from "../code/template.js";
import { flattenLine } from "../code/visible.js";
import type { ModelRecord } from "../model.js";
import { siblingEndingWith } from "../model-readers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";

/** One VideoPrism variant: its configuration name and the frame count it was trained with. */
interface VideoPrismVariant {
  /** The name `videoprism.models.get_model` takes. */
  config: string;
  /** Frames per clip during training (16 for Base, 8 for Large). */
  frames: number;
}

/** VideoPrism configurations, keyed by `<lvt or video>-<size>` as read from the model id. */
const VIDEOPRISM_VARIANTS = {
  "video-base": { config: "videoprism_public_v1_base", frames: 16 },
  "video-large": { config: "videoprism_public_v1_large", frames: 8 },
  "lvt-base": { config: "videoprism_lvt_public_v1_base", frames: 16 },
  "lvt-large": { config: "videoprism_lvt_public_v1_large", frames: 8 },
} as const satisfies Record<string, VideoPrismVariant>;

/** VideoPrism's input frames are 288x288 RGB in [0, 1]. */
const VIDEOPRISM_FRAME_SIZE = 288;

/** TerraTorch backbone registry names of IBM-NASA's Prithvi models, keyed by lower-case model id. */
const TERRATORCH_BACKBONES: Readonly<Record<string, string>> = {
  "ibm-nasa-geospatial/prithvi-eo-1.0-100m": "terratorch_prithvi_eo_v1_100",
  "ibm-nasa-geospatial/prithvi-eo-2.0-tiny-tl": "terratorch_prithvi_eo_tiny",
  "ibm-nasa-geospatial/prithvi-eo-2.0-300m": "terratorch_prithvi_eo_v2_300",
  "ibm-nasa-geospatial/prithvi-eo-2.0-300m-tl": "terratorch_prithvi_eo_v2_300_tl",
  "ibm-nasa-geospatial/prithvi-eo-2.0-600m": "terratorch_prithvi_eo_v2_600",
  "ibm-nasa-geospatial/prithvi-eo-2.0-600m-tl": "terratorch_prithvi_eo_v2_600_tl",
};

/** OpenDDE's default checkpoint and the public model name it runs as. */
const OPENDDE_CHECKPOINT = "opendde.pt";
const OPENDDE_MODEL_NAME = "opendde_v1";

/** The smallest OpenDDE job of its README: one short protein chain. */
const OPENDDE_EXAMPLE_INPUT = [
  {
    name: "tiny",
    modelSeeds: [101],
    sequences: [{ proteinChain: { sequence: "ACDEFGHIK", count: 1 } }],
  },
] as const;

const OPENDDE_INSTALL = pipInstall("opendde");

/** The example job written to input.json and the start of the prediction command: the same for every model. */
const OPENDDE_INPUT_FILE = flat(
  lines(
    "cat > input.json <<'EOF'",
    toJson(OPENDDE_EXAMPLE_INPUT),
    "EOF",
    "# A quick run: no MSA, template or RNA-MSA search, so no search databases are needed",
    `opendde pred -i input.json -o ./output -n ${OPENDDE_MODEL_NAME} \\`,
  ),
);

/** The VideoPrism variant a model id names: video-text (`lvt`) or video only, Base or Large. */
function videoPrismVariant(model: ModelRecord): VideoPrismVariant {
  const id = model.id.toLowerCase();
  const kind = id.includes("lvt") ? "lvt" : "video";
  return VIDEOPRISM_VARIANTS[`${kind}-${id.includes("large") ? "large" : "base"}`];
}

const VIDEOPRISM_CODE = flat(
  lines("git clone https://github.com/google-deepmind/videoprism.git", "cd videoprism", "pip install ."),
);

/** VideoPrism: the Flax encoder of the model's variant with the model's checkpoint. */
export function videoprism(model: ModelRecord): string[] {
  const variant = videoPrismVariant(model);
  const npz = siblingEndingWith(model, ".npz");
  const videoText = variant.config.includes("_lvt_");
  return [
    VIDEOPRISM_CODE,
    lines(
      npz === undefined && lines("import glob", ""),
      "import jax",
      "import numpy as np",
      `from huggingface_hub import ${npz === undefined ? "snapshot_download" : "hf_hub_download"}`,
      "from videoprism import models as vp",
      "",
      npz === undefined
        ? lines(
            `local_dir = snapshot_download(${pyStr(model.id)}, allow_patterns=["*.npz"])`,
            'checkpoint_path = glob.glob(f"{local_dir}/*.npz")[0]',
          )
        : `checkpoint_path = hf_hub_download(${pyStr(model.id)}, ${pyStr(npz)})`,
      "",
      `model_name = "${variant.config}"`,
      "flax_model = vp.get_model(model_name)",
      "loaded_state = vp.load_pretrained_weights(model_name, checkpoint_path=checkpoint_path)",
      "",
      `# [batch, frames, height, width, RGB in [0, 1]]`,
      `video_inputs = np.zeros((1, ${variant.frames}, ${VIDEOPRISM_FRAME_SIZE}, ${VIDEOPRISM_FRAME_SIZE}, 3), dtype=np.float32)`,
      "",
      videoText
        ? lines(
            'text_tokenizer = vp.load_text_tokenizer("c4_en")',
            "",
            "@jax.jit",
            "def forward_fn(inputs, text_token_ids, text_token_paddings):",
            "    return flax_model.apply(loaded_state, inputs, text_token_ids, text_token_paddings, train=False)",
            "",
            'text_ids, text_paddings = vp.tokenize_texts(text_tokenizer, ["a person walking", "a car driving"])',
            "video_embeddings, text_embeddings, _ = forward_fn(video_inputs, text_ids, text_paddings)",
          )
        : lines(
            "@jax.jit",
            "def forward_fn(inputs):",
            "    return flax_model.apply(loaded_state, inputs, train=False)",
            "",
            "outputs, _ = forward_fn(video_inputs)  # [batch, frames * 16 * 16, channels]",
          ),
    ),
  ];
}

const TERRATORCH_CODE = template((id, backbone) =>
  lines(
    "import torch",
    "from terratorch import BACKBONE_REGISTRY",
    "",
    `${id}`,
    `model = BACKBONE_REGISTRY.build("${backbone}", pretrained=True)`,
    "model.eval()",
    "",
    "with torch.no_grad():",
    "    features = model(torch.randn(1, 6, 224, 224))  # 6 HLS bands, 224x224 pixels",
  ),
);

const TERRATORCH_INSTALL = pipInstall("terratorch");

/** TerraTorch: Prithvi backbones by registry name; other models through the CLI with their config and checkpoint. */
export function terratorch(model: ModelRecord): string[] {
  const key = model.id.toLowerCase();
  const backbone = Object.hasOwn(TERRATORCH_BACKBONES, key) ? TERRATORCH_BACKBONES[key] : undefined;
  if (backbone !== undefined) {
    return [
      TERRATORCH_INSTALL,
      TERRATORCH_CODE(
        `# The registry name of ${flattenLine(model.id)}; pretrained=True downloads its weights`,
        backbone,
      ),
    ];
  }
  const config = siblingEndingWith(model, ".yaml") ?? siblingEndingWith(model, ".yml");
  const checkpoint = siblingEndingWith(model, ".ckpt") ?? siblingEndingWith(model, ".pt");
  const local = (file: string | undefined, placeholder: string): string =>
    shQuote(`${LOCAL_DOWNLOAD_DIR}/${file ?? placeholder}`);
  return [
    lines(
      pipInstall("terratorch"),
      hfDownloadSh(model.id),
      (config === undefined || checkpoint === undefined) &&
        "# Point -c and --ckpt_path at the config and checkpoint files downloaded above",
      `terratorch predict -c ${local(config, "config.yaml")} --ckpt_path ${local(checkpoint, "model.ckpt")} \\`,
      "  --predict_output_dir outputs --data.init_args.predict_data_root path/to/images",
    ),
  ];
}

const OPENDDE_CODE = template((downloadSh, quote) =>
  lines(
    OPENDDE_INSTALL,
    `${downloadSh}`,
    OPENDDE_INPUT_FILE,
    `  --load_checkpoint_path ${quote} \\`,
    "  --use_msa false --use_template false --use_rna_msa false",
  ),
);

/** OpenDDE: the CLI predicts a structure from a JSON job, with this repository's checkpoint. */
export function opendde(model: ModelRecord): string[] {
  const checkpoint =
    siblingEndingWith(model, OPENDDE_CHECKPOINT) ?? siblingEndingWith(model, ".pt") ?? OPENDDE_CHECKPOINT;
  return [OPENDDE_CODE(hfDownloadSh(model.id), shQuote(`${LOCAL_DOWNLOAD_DIR}/${checkpoint}`))];
}
