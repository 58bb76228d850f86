// Load snippets of the Segment Anything family: SAM 2 (images and videos), SAM 3D Body and SAM 3D Objects.

import { flat, lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";

/** The pipeline tag of SAM 2 checkpoints published for single images. */
const SAM2_IMAGE_PIPELINE = "mask-generation";

/** A pipeline tag naming this word is a video task: SAM 2 then tracks objects across frames. */
const VIDEO_WORD = "video";

/** The checkpoint tag SAM 3D Objects' scripts read (`checkpoints/<tag>/pipeline.yaml`). */
const SAM3D_OBJECTS_TAG = "hf";

/** Which SAM 2 predictors a model's snippets show: both when the pipeline tag does not tell. */
function sam2Predictors(model: ModelRecord): { image: boolean; video: boolean } {
  const tag = model.pipeline_tag;
  if (tag === SAM2_IMAGE_PIPELINE) return { image: true, video: false };
  if (tag?.includes(VIDEO_WORD)) return { image: false, video: true };
  return { image: true, video: true };
}

const SAM2_CODE = template((id) =>
  lines(
    "import numpy as np",
    "import torch",
    "from PIL import Image",
    "from sam2.sam2_image_predictor import SAM2ImagePredictor",
    "",
    `predictor = SAM2ImagePredictor.from_pretrained(${id})`,
    'image = np.array(Image.open("path/to/image.jpg").convert("RGB"))',
    "",
    'with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):',
    "    predictor.set_image(image)",
    "    # One foreground click at pixel (x=500, y=375)",
    "    masks, scores, logits = predictor.predict(",
    "        point_coords=np.array([[500, 375]]),",
    "        point_labels=np.array([1]),",
    "    )",
  ),
);

const SAM2_CODE_2 = template((id) =>
  lines(
    "import torch",
    "from sam2.sam2_video_predictor import SAM2VideoPredictor",
    "",
    `predictor = SAM2VideoPredictor.from_pretrained(${id})`,
    "",
    'with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):',
    '    state = predictor.init_state("path/to/video_frames")  # a folder of JPEG frames',
    "    # One click on object 1 in the first frame",
    "    frame_idx, object_ids, masks = predictor.add_new_points_or_box(",
    "        state, frame_idx=0, obj_id=1, points=[[500, 375]], labels=[1]",
    "    )",
    "    # Follow the object through the whole video",
    "    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):",
    "        print(frame_idx, masks.shape)",
  ),
);

const SAM2_INSTALL = pipInstall("git+https://github.com/facebookresearch/sam2.git");

/** SAM 2: the image predictor for mask generation, the video predictor for video tasks. */
export function sam2(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  const { image, video } = sam2Predictors(model);
  const snippets = [SAM2_INSTALL];
  if (image) {
    snippets.push(SAM2_CODE(id));
  }
  if (video) {
    snippets.push(SAM2_CODE_2(id));
  }
  return snippets;
}

const SAM3D_BODY_CODE = flat(
  lines(
    "git clone https://github.com/facebookresearch/sam-3d-body",
    "cd sam-3d-body",
    "# Install the dependencies listed in INSTALL.md, then log in to reach the gated weights",
    "hf auth login",
  ),
);

const SAM3D_BODY_CODE_2 = template((id) =>
  lines(
    "from sam_3d_body import SAM3DBodyEstimator, load_sam_3d_body_hf",
    "",
    `model, model_cfg = load_sam_3d_body_hf(${id})`,
    "estimator = SAM3DBodyEstimator(sam_3d_body_model=model, model_cfg=model_cfg)",
    "",
    'outputs = estimator.process_one_image("path/to/image.jpg")',
  ),
);

/** SAM 3D Body: a human mesh from one image; the weights are gated, so log in to the hub first. */
export function sam3dBody(model: ModelRecord): string[] {
  return [SAM3D_BODY_CODE, SAM3D_BODY_CODE_2(pyStr(model.id))];
}

// SAM 3D Objects: everything but the download line is the same for every model, joined once.
const SAM3D_OBJECTS_DOWNLOAD = flat(`${LOCAL_DOWNLOAD_DIR}/${SAM3D_OBJECTS_TAG}-download`);
const SAM3D_OBJECTS_CLONE = flat(
  lines(
    "git clone https://github.com/facebookresearch/sam-3d-objects",
    "cd sam-3d-objects",
    "# Set up the environment as doc/setup.md describes; the weights are gated, so log in first",
    "hf auth login",
  ),
);
const SAM3D_OBJECTS_MOVE = flat(
  lines(
    `mv ${SAM3D_OBJECTS_DOWNLOAD}/checkpoints ${LOCAL_DOWNLOAD_DIR}/${SAM3D_OBJECTS_TAG}`,
    `rm -rf ${SAM3D_OBJECTS_DOWNLOAD}`,
  ),
);
const SAM3D_OBJECTS_RUN = flat(
  lines(
    "import sys",
    "",
    'sys.path.append("notebook")',
    "from inference import Inference, load_image, load_single_mask",
    "",
    `inference = Inference("${LOCAL_DOWNLOAD_DIR}/${SAM3D_OBJECTS_TAG}/pipeline.yaml", compile=False)`,
    "",
    "# An image and the mask of the object to reconstruct",
    'image = load_image("path/to/image.png")',
    'mask = load_single_mask("path/to/masks", index=0)',
    "output = inference(image, mask, seed=42)",
    'output["gs"].save_ply("splat.ply")  # the object as a Gaussian splat',
  ),
);

const SAM3D_OBJECTS_CODE = template((downloadSh) => lines(SAM3D_OBJECTS_CLONE, `${downloadSh}`, SAM3D_OBJECTS_MOVE));

/** SAM 3D Objects: the repository's inference code reads the checkpoint from `checkpoints/hf`. */
export function sam3dObjects(model: ModelRecord): string[] {
  return [SAM3D_OBJECTS_CODE(hfDownloadSh(model.id, SAM3D_OBJECTS_DOWNLOAD)), SAM3D_OBJECTS_RUN];
}
