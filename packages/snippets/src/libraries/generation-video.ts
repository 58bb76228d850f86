// Load snippets of video generation and interpolation repositories: LTX-2, Phantom (Wan) and VFIMamba.
// The code around the model values is built once, at module load.

import { flat, lines, pyStr, shQuote } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { findSibling, widgetText } from "../model-readers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR } from "./common.js";

// LTX-2: the distilled pipeline needs a distilled checkpoint, the spatial upscaler and the Gemma text encoder.
const LTX_TEXT_ENCODER_DIR = flat(`${LOCAL_DOWNLOAD_DIR}/gemma-3-12b`);
/** Files of the LTX-2.3 release, used when the model lists no files of its own. */
export const LTX_DEFAULT_CHECKPOINT = "ltx-2.3-22b-distilled-1.1.safetensors";
const LTX_DEFAULT_UPSAMPLER = "ltx-2.3-spatial-upscaler-x2-1.1.safetensors";
const LTX_PROMPT = shQuote(
  "A golden retriever runs along a beach at sunset as waves roll in, the camera tracking beside it.",
);
const LTX_SETUP = flat(lines("git clone https://github.com/Lightricks/LTX-2.git", "cd LTX-2", "uv sync --frozen"));
const LTX_DEFAULT_FILES_NOTE = "# File names of the LTX-2.3 release: use the ones of this repository";
const LTX_TEXT_ENCODER = flat(
  `hf download google/gemma-3-12b-it-qat-q4_0-unquantized --local-dir ${LTX_TEXT_ENCODER_DIR}`,
);
const LTX_RUN_OPTIONS = flat(
  lines(`    --gemma-root ${LTX_TEXT_ENCODER_DIR} \\`, "    --seed 42 \\", "    --output-path output.mp4 \\"),
);

function isLtxCheckpoint(path: string): boolean {
  return path.endsWith(".safetensors") && path.includes("distilled") && !path.includes("lora");
}

function isLtxUpsampler(path: string): boolean {
  return path.endsWith(".safetensors") && path.includes("spatial-upscaler");
}

// The distilled pipeline upsamples by 2 in its second stage; other factors are a fallback.
function isLtxUpsamplerX2(path: string): boolean {
  return isLtxUpsampler(path) && path.includes("-x2");
}

/** LTX-2: clone, download the distilled checkpoint, upscaler and text encoder, run the distilled pipeline. */
export function ltx(model: ModelRecord): string[] {
  const checkpoint = findSibling(model, isLtxCheckpoint);
  const upsampler = findSibling(model, isLtxUpsamplerX2) ?? findSibling(model, isLtxUpsampler);
  const checkpointFile = checkpoint ?? LTX_DEFAULT_CHECKPOINT;
  const upsamplerFile = upsampler ?? LTX_DEFAULT_UPSAMPLER;
  const prompt = widgetText(model);
  return [
    lines(
      LTX_SETUP,
      (checkpoint === undefined || upsampler === undefined) && LTX_DEFAULT_FILES_NOTE,
      `hf download ${shQuote(model.id)} ${shQuote(checkpointFile)} ${shQuote(upsamplerFile)} --local-dir ${LOCAL_DOWNLOAD_DIR}`,
      LTX_TEXT_ENCODER,
      "uv run python -m ltx_pipelines.distilled \\",
      `    --distilled-checkpoint-path ${shQuote(`${LOCAL_DOWNLOAD_DIR}/${checkpointFile}`)} \\`,
      `    --spatial-upsampler-path ${shQuote(`${LOCAL_DOWNLOAD_DIR}/${upsamplerFile}`)} \\`,
      LTX_RUN_OPTIONS,
      `    --prompt ${prompt === undefined ? LTX_PROMPT : shQuote(prompt)}`,
    ),
  ];
}

// Phantom-Wan reuses the VAE and text encoder of Wan2.1 1.3B, whatever its own size.
const PHANTOM_WAN_BASE_DIR = "./Wan2.1-T2V-1.3B";
const PHANTOM_DEFAULT_CHECKPOINT = "Phantom-Wan-1.3B.pth";
const PHANTOM_SIZE = shQuote("832*480");
const PHANTOM_PROMPT = shQuote(
  "A little girl in a light green dress crouches beside blooming daisies and raises a yellow and red toy camera, " +
    "while a brown and white dog wags its tail next to her.",
);
const PHANTOM_SETUP = flat(
  lines(
    "git clone https://github.com/Phantom-video/Phantom.git",
    "cd Phantom",
    "pip install -r requirements.txt",
    `hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir ${PHANTOM_WAN_BASE_DIR}`,
  ),
);
// The 14B model was trained on 24 fps clips of 121 frames and loads its sharded weights from the folder.
const PHANTOM_14B_TASK = flat(
  lines(
    `    --task s2v-14B --size ${PHANTOM_SIZE} --frame_num 121 --sample_fps 24 \\`,
    `    --phantom_ckpt ${LOCAL_DOWNLOAD_DIR} \\`,
  ),
);
const PHANTOM_INPUTS = flat(
  lines(
    `    --ckpt_dir ${PHANTOM_WAN_BASE_DIR} \\`,
    `    --ref_image ${shQuote("examples/ref1.png,examples/ref2.png")} \\`,
  ),
);

function isPhantom1B3Checkpoint(path: string): boolean {
  return path.endsWith(".pth") && path.includes("1.3B");
}

function isPhantom14BFile(path: string): boolean {
  return path.includes("14B");
}

const PHANTOM_TASK_CODE = template((quote) =>
  lines(`    --task s2v-1.3B --size ${PHANTOM_SIZE} \\`, `    --phantom_ckpt ${quote} \\`),
);

/** The task flags of Phantom's generate.py: the 1.3B model takes one `.pth` file, the 14B one the folder. */
function phantomTask(model: ModelRecord): string {
  const small = findSibling(model, isPhantom1B3Checkpoint);
  if (small === undefined && findSibling(model, isPhantom14BFile) !== undefined) return PHANTOM_14B_TASK;
  return PHANTOM_TASK_CODE(shQuote(`${LOCAL_DOWNLOAD_DIR}/${small ?? PHANTOM_DEFAULT_CHECKPOINT}`));
}

const PHANTOM_WAN_CODE = template((downloadSh, phantomTask2, value) =>
  lines(
    PHANTOM_SETUP,
    `${downloadSh}`,
    "# Up to 4 reference images of the subjects, each described in the prompt",
    "python generate.py \\",
    `${phantomTask2}`,
    PHANTOM_INPUTS,
    `    --prompt ${value} \\`,
    "    --base_seed 42",
  ),
);

/** Phantom: subject-to-video with Phantom-Wan on top of Wan2.1, from reference images and a prompt. */
export function phantomWan(model: ModelRecord): string[] {
  const prompt = widgetText(model);
  return [
    PHANTOM_WAN_CODE(
      hfDownloadSh(model.id),
      phantomTask(model),
      prompt === undefined ? PHANTOM_PROMPT : shQuote(prompt),
    ),
  ];
}

// VFIMamba ships two checkpoints: VFIMamba_S (efficient) and VFIMamba (stronger, with a wider config).
const VFIMAMBA_DEFAULT_CHECKPOINT = "ckpt/VFIMamba_S.pkl";
const VFIMAMBA_INSTALL = flat(
  lines(
    "git clone https://github.com/MCG-NJU/VFIMamba.git",
    "cd VFIMamba",
    "pip install causal_conv1d==1.0.0 mamba_ssm==1.0.1 scikit-image==0.19.2 opencv-python timm",
  ),
);
const VFIMAMBA_HEADER = flat(
  lines(
    "# Run from the root of the VFIMamba repository",
    "import cv2",
    "import torch",
    "from huggingface_hub import hf_hub_download",
    "",
  ),
);
const VFIMAMBA_IMPORTS = flat(
  lines("from Trainer_finetune import Model, convert", "from benchmark.utils.padder import InputPadder", ""),
);
const VFIMAMBA_WIDE_CONFIG = flat(
  lines(
    "# The full VFIMamba model is wider than the default VFIMamba_S configuration",
    `cfg.MODEL_CONFIG["LOGNAME"] = "VFIMamba"`,
    `cfg.MODEL_CONFIG["MODEL_ARCH"] = cfg.init_model_config(F=32, depth=[2, 2, 2, 3, 3])`,
  ),
);
const VFIMAMBA_CALL = flat(
  lines(
    "model = Model(-1)",
    "model.net.load_state_dict(convert(torch.load(checkpoint_path)), strict=True)",
    "model.eval()",
    "",
    "",
    "def load_frame(path):",
    "    frame = cv2.imread(path)",
    "    return (torch.tensor(frame.transpose(2, 0, 1)).cuda() / 255.0).unsqueeze(0)",
    "",
    "",
    `frame0 = load_frame("example/im1.png")`,
    `frame2 = load_frame("example/im2.png")`,
    "padder = InputPadder(frame0.shape, divisor=32)",
    "frame0, frame2 = padder.pad(frame0, frame2)",
    "middle = padder.unpad(model.inference(frame0, frame2, True, scale=0))[0]",
    `cv2.imwrite("middle.png", (middle.detach().cpu().numpy().transpose(1, 2, 0) * 255.0).astype("uint8"))`,
  ),
);

function isSmallVfiMamba(path: string): boolean {
  return path.endsWith("_S.pkl");
}

function isVfiMambaCheckpoint(path: string): boolean {
  return path.endsWith(".pkl");
}

/** VFIMamba: load a checkpoint into the repository's Model and interpolate the frame between two images. */
export function vfiMamba(model: ModelRecord): string[] {
  const checkpoint =
    findSibling(model, isSmallVfiMamba) ?? findSibling(model, isVfiMambaCheckpoint) ?? VFIMAMBA_DEFAULT_CHECKPOINT;
  const wide = !isSmallVfiMamba(checkpoint);
  return [
    VFIMAMBA_INSTALL,
    lines(
      VFIMAMBA_HEADER,
      wide && "import config as cfg",
      VFIMAMBA_IMPORTS,
      wide && VFIMAMBA_WIDE_CONFIG,
      `checkpoint_path = hf_hub_download(${pyStr(model.id)}, ${pyStr(checkpoint)}, local_dir=${pyStr(LOCAL_DOWNLOAD_DIR)})`,
      VFIMAMBA_CALL,
    ),
  ];
}
