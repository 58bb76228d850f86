// Load snippets of multimodal generation and captioning repositories: UniWorld (univa), SEED-Story and
// Describe Anything. The code around the model values is built once, at module load.

import { flat, lines, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hfDownloadPy, hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";

const UNIVA_SETUP = flat(
  lines(
    "# In a fresh Python 3.10 environment",
    "git clone https://github.com/PKU-YuanGroup/UniWorld-V1.git",
    "cd UniWorld-V1",
    "pip install -r requirements.txt",
    "pip install flash_attn --no-build-isolation",
  ),
);
// UniWorld generates through FLUX.1-dev and encodes reference images with SigLIP 2.
const UNIVA_RUN = flat(
  lines(
    "hf download black-forest-labs/FLUX.1-dev --local-dir flux",
    "hf download google/siglip2-so400m-patch16-512 --local-dir siglip",
    "CUDA_VISIBLE_DEVICES=0 python -m univa.serve.cli \\",
    `    --model_path ${LOCAL_DOWNLOAD_DIR} \\`,
    "    --flux_path flux \\",
    "    --siglip_path siglip",
  ),
);

const UNIVA_CODE = template((downloadSh) => lines(UNIVA_SETUP, `${downloadSh}`, UNIVA_RUN));

/** univa (UniWorld): clone, download the model, FLUX and SigLIP, then chat with it from the command line. */
export function univa(model: ModelRecord): string[] {
  return [UNIVA_CODE(hfDownloadSh(model.id))];
}

const SEED_STORY_SETUP = flat(
  lines("git clone https://github.com/TencentARC/SEED-Story.git", "cd SEED-Story", "pip install -r requirements.txt"),
);
// SEED-Story's configs read every checkpoint from ./pretrained, beside SDXL and Qwen-VL-Chat.
const SEED_STORY_RUN = flat(
  lines(
    "# The configs read the checkpoints from ./pretrained",
    `ln -s ${LOCAL_DOWNLOAD_DIR} pretrained`,
    "hf download stabilityai/stable-diffusion-xl-base-1.0 --local-dir pretrained/stable-diffusion-xl-base-1.0",
    "hf download Qwen/Qwen-VL-Chat --local-dir pretrained/Qwen-VL-Chat",
    "# Extract the visual encoder of Qwen-VL-Chat",
    "python3 src/tools/reload_qwen_vit.py",
    "# Multimodal story generation",
    "python3 src/inference/gen_george.py",
  ),
);

const SEED_STORY_CODE = template((downloadSh) => lines(SEED_STORY_SETUP, `${downloadSh}`, SEED_STORY_RUN));

/** SEED-Story: clone, download the checkpoints into the folder its configs read, generate a story. */
export function seedStory(model: ModelRecord): string[] {
  return [SEED_STORY_CODE(hfDownloadSh(model.id))];
}

const DAM_INSTALL = pipInstall("git+https://github.com/NVlabs/describe-anything");
const DAM_HEADER = flat(
  lines(
    "import torch",
    "from PIL import Image",
    "from dam import DescribeAnythingModel, disable_torch_init",
    "",
    "disable_torch_init()",
    "dam = DescribeAnythingModel(",
  ),
);
const DAM_OPTIONS = flat(
  lines(
    `    conv_mode="v1",`,
    `    prompt_mode="full+focal_crop",`,
    `).to("cuda" if torch.cuda.is_available() else "cpu")`,
    "",
  ),
);
// Video checkpoints read a fixed number of frames, one <image> token each, and describe a masked object.
const DAM_FRAMES = 8;
const DAM_IMAGE_CALL = flat(
  lines(
    `image = Image.open("image.jpg").convert("RGB")`,
    "# The region to describe: white pixels of a mask as large as the image",
    `mask = Image.open("mask.png").convert("L")`,
    "description = dam.get_description(",
    "    image,",
    "    mask,",
    `    ${pyStr("<image>\nDescribe the masked region in detail.")},`,
  ),
);
const DAM_VIDEO_CALL = flat(
  lines(
    `frames = [Image.open(f"frames/{i:03d}.jpg").convert("RGB") for i in range(${DAM_FRAMES})]`,
    "# The region to describe in each frame: white pixels of a mask as large as the frame",
    `masks = [Image.open(f"masks/{i:03d}.png").convert("L") for i in range(${DAM_FRAMES})]`,
    "description = dam.get_description(",
    "    frames,",
    "    masks,",
    `    ${pyStr(
      `Video: ${"<image>".repeat(DAM_FRAMES)}\nGiven the video in the form of a sequence of frames above, ` +
        "describe the object in the masked region in the video in detail.",
    )},`,
  ),
);
const DAM_GENERATION = flat(
  lines(
    "    streaming=False,",
    "    temperature=0.2,",
    "    top_p=0.5,",
    "    num_beams=1,",
    "    max_new_tokens=512,",
    ")",
    "print(description)",
  ),
);

/** Video checkpoints (DAM-3B-Video) take lists of frames and masks; image ones a single image and mask. */
function isVideoDam(model: ModelRecord): boolean {
  return model.pipeline_tag === "video-text-to-text" || model.id.toLowerCase().includes("video");
}

const DESCRIBE_ANYTHING_CODE = template((downloadPy, value) =>
  lines(`${downloadPy}`, "", DAM_HEADER, "    model_path=local_dir,", DAM_OPTIONS, `${value}`, DAM_GENERATION),
);

/** Describe Anything: describe the region of an image (or of video frames) given by a mask. */
export function describeAnything(model: ModelRecord): string[] {
  return [
    DAM_INSTALL,
    DESCRIBE_ANYTHING_CODE(hfDownloadPy(model.id), isVideoDam(model) ? DAM_VIDEO_CALL : DAM_IMAGE_CALL),
  ];
}
