// Load snippets of depth estimation and background removal / matting libraries: Depth Anything V2,
// Depth Pro, BiRefNet, BEN2, nobg and MatAnyone. Each follows the usage its library documents.

import { flat, lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { siblingEndingWith } from "../model-readers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";

/** Depth Anything V2 encoders and the decoder sizes each needs (from the library's README). */
const DEPTH_ANYTHING_V2_ENCODERS = {
  vits: { features: 64, outChannels: "[48, 96, 192, 384]" },
  vitb: { features: 128, outChannels: "[96, 192, 384, 768]" },
  vitl: { features: 256, outChannels: "[256, 512, 1024, 1024]" },
  vitg: { features: 384, outChannels: "[1536, 1536, 1536, 1536]" },
} as const;

type DepthAnythingEncoder = keyof typeof DEPTH_ANYTHING_V2_ENCODERS;

/** The size word of a Depth Anything V2 repository name (`Depth-Anything-V2-Small`) and its encoder. */
const DEPTH_ANYTHING_V2_SIZES: ReadonlyArray<readonly [string, DepthAnythingEncoder]> = [
  ["small", "vits"],
  ["base", "vitb"],
  ["large", "vitl"],
  ["giant", "vitg"],
];

/** The encoder assumed when neither the files nor the id name one: the README's example. */
const DEPTH_ANYTHING_V2_DEFAULT_ENCODER: DepthAnythingEncoder = "vitl";

/** Checkpoint file names of Depth Anything V2 start with this, followed by the encoder. */
const DEPTH_ANYTHING_V2_FILE_PREFIX = "depth_anything_v2_";

/** BiRefNet's remote code needs the packages its repository lists. */
const BIREFNET_REQUIREMENTS_URL = "https://raw.githubusercontent.com/ZhengPeng7/BiRefNet/main/requirements.txt";

/** BiRefNet models take 1024x1024 inputs (the model card's preprocessing). */
const BIREFNET_IMAGE_SIZE = 1024;

/** The encoder of a Depth Anything V2 model: from its checkpoint file name, else from its id. */
function depthAnythingEncoder(model: ModelRecord): DepthAnythingEncoder | undefined {
  for (const encoder of Object.keys(DEPTH_ANYTHING_V2_ENCODERS) as DepthAnythingEncoder[]) {
    if (siblingEndingWith(model, `${DEPTH_ANYTHING_V2_FILE_PREFIX}${encoder}.pth`)) return encoder;
  }
  const id = model.id.toLowerCase();
  for (const [word, encoder] of DEPTH_ANYTHING_V2_SIZES) {
    if (id.includes(word)) return encoder;
  }
  return undefined;
}

const DEPTH_ANYTHING_V2_CODE = template((downloadSh) =>
  lines(
    "git clone https://github.com/DepthAnything/Depth-Anything-V2",
    "cd Depth-Anything-V2",
    "pip install -r requirements.txt",
    `${downloadSh}`,
  ),
);

/** Depth Anything V2: the repository's code, this model's checkpoint, one relative depth map. */
export function depthAnythingV2(model: ModelRecord): string[] {
  const found = depthAnythingEncoder(model);
  const encoder = found ?? DEPTH_ANYTHING_V2_DEFAULT_ENCODER;
  const { features, outChannels } = DEPTH_ANYTHING_V2_ENCODERS[encoder];
  const checkpoint = `${LOCAL_DOWNLOAD_DIR}/${DEPTH_ANYTHING_V2_FILE_PREFIX}${encoder}.pth`;
  return [
    DEPTH_ANYTHING_V2_CODE(hfDownloadSh(model.id)),
    lines(
      "import cv2",
      "import torch",
      "from depth_anything_v2.dpt import DepthAnythingV2",
      "",
      found === undefined && `# The encoder size is not in the model id: ${encoder} assumed (vits, vitb, vitl or vitg)`,
      `model = DepthAnythingV2(encoder="${encoder}", features=${features}, out_channels=${outChannels})`,
      `model.load_state_dict(torch.load("${checkpoint}", map_location="cpu"))`,
      "model.eval()",
      "",
      'raw_img = cv2.imread("path/to/image.jpg")',
      "depth = model.infer_image(raw_img)  # HxW relative depth map",
    ),
  ];
}

const DEPTH_PRO_CODE = template((downloadSh) =>
  lines("git clone https://github.com/apple/ml-depth-pro", "cd ml-depth-pro", "pip install -e .", `${downloadSh}`),
);

const DEPTH_PRO_CODE_2 = flat(
  lines(
    "import depth_pro",
    "",
    `# Reads ${LOCAL_DOWNLOAD_DIR}/depth_pro.pt, downloaded above`,
    "model, transform = depth_pro.create_model_and_transforms()",
    "model.eval()",
    "",
    'image, _, f_px = depth_pro.load_rgb("path/to/image.jpg")',
    "prediction = model.infer(transform(image), f_px=f_px)",
    'depth = prediction["depth"]  # depth in meters',
    'focallength_px = prediction["focallength_px"]  # focal length in pixels',
  ),
);

/** Depth Pro: the package loads `checkpoints/depth_pro.pt` by default, where the download puts it. */
export function depthPro(model: ModelRecord): string[] {
  return [DEPTH_PRO_CODE(hfDownloadSh(model.id)), DEPTH_PRO_CODE_2];
}

const BIREFNET_CODE = flat(lines(pipInstall("transformers"), `pip install -r ${BIREFNET_REQUIREMENTS_URL}`));

const BIREFNET_CODE_2 = template((id) =>
  lines(
    "import torch",
    "from PIL import Image",
    "from torchvision import transforms",
    "from transformers import AutoModelForImageSegmentation",
    "",
    `birefnet = AutoModelForImageSegmentation.from_pretrained(${id}, trust_remote_code=True)`,
    "birefnet.eval()",
    "",
    "transform_image = transforms.Compose([",
    `    transforms.Resize((${BIREFNET_IMAGE_SIZE}, ${BIREFNET_IMAGE_SIZE})),`,
    "    transforms.ToTensor(),",
    "    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),",
    "])",
    "",
    'image = Image.open("path/to/image.jpg").convert("RGB")',
    "with torch.no_grad():",
    "    preds = birefnet(transform_image(image).unsqueeze(0))[-1].sigmoid()",
    "mask = transforms.ToPILImage()(preds[0].squeeze()).resize(image.size)",
    "image.putalpha(mask)",
    'image.save("foreground.png")',
  ),
);

/** BiRefNet through transformers' remote code: a foreground mask, applied as the image's alpha. */
export function birefnet(model: ModelRecord): string[] {
  return [BIREFNET_CODE, BIREFNET_CODE_2(pyStr(model.id))];
}

const BEN2_CODE = template((id) =>
  lines(
    "import torch",
    "from PIL import Image",
    "from ben2 import BEN_Base",
    "",
    'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")',
    `model = BEN_Base.from_pretrained(${id})`,
    "model.to(device).eval()",
    "",
    'image = Image.open("path/to/image.jpg")',
    "# refine_foreground=True gives cleaner edges, more slowly",
    "foreground = model.inference(image, refine_foreground=False)",
    'foreground.save("foreground.png")',
  ),
);

const BEN2_INSTALL = pipInstall("git+https://github.com/PramaLLC/BEN2.git");

/** BEN2: background removal in one call. */
export function ben2(model: ModelRecord): string[] {
  return [BEN2_INSTALL, BEN2_CODE(pyStr(model.id))];
}

const NOBG_CODE = template((id) =>
  lines(
    "from nobg import AutoModel",
    "",
    `model = AutoModel.from_pretrained(${id})`,
    "# Takes a path, URL, numpy array or PIL image; returns the RGBA cutout",
    'model.process("input.jpg").save("output.png")',
  ),
);

const NOBG_INSTALL = pipInstall("nobg");

/** nobg: `AutoModel` picks the model class from the repository; `process` runs the whole pipeline. */
export function nobg(model: ModelRecord): string[] {
  return [NOBG_INSTALL, NOBG_CODE(pyStr(model.id))];
}

const MATANYONE_CODE = template((id) =>
  lines(
    "from matanyone import InferenceCore",
    "",
    `processor = InferenceCore(${id})`,
    "",
    "# A video (or a folder of frames) and the mask of the person to keep in its first frame",
    "foreground_path, alpha_path = processor.process_video(",
    '    input_path="inputs/video.mp4",',
    '    mask_path="inputs/mask.png",',
    '    output_path="outputs",',
    ")",
  ),
);

const MATANYONE_INSTALL = pipInstall("git+https://github.com/pq-yang/MatAnyone");

/** MatAnyone: video matting from a video and the target's mask in its first frame. */
export function matanyone(model: ModelRecord): string[] {
  return [MATANYONE_INSTALL, MATANYONE_CODE(pyStr(model.id))];
}
