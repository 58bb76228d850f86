// Load snippets of 3D generation and neural rendering repositories: RenderFormer, 3DTopia-XL, MeshAnything
// and GaussianFormer. The code around the model values is built once, at module load.

import { flat, lines, pyStr, shQuote } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { findSibling } from "../model-readers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR } from "./common.js";

const RENDERFORMER_SETUP = flat(
  lines(
    "git clone https://github.com/microsoft/renderformer.git",
    "cd renderformer",
    "pip install -r requirements.txt",
    "# HDR image IO",
    `python3 -c "import imageio; imageio.plugins.freeimage.download()"`,
    "# Convert an example scene to RenderFormer's HDF5 format, then render it",
    "python3 scene_processor/convert_scene.py examples/cbox.json --output_h5_path tmp/cbox/cbox.h5",
  ),
);
const RENDERFORMER_IMPORTS = flat(
  lines(
    "# Run from the root of the renderformer repository",
    "import torch",
    "from renderformer import RenderFormerRenderingPipeline",
    "",
    "# Tested on NVIDIA CUDA and Apple Metal GPUs",
    `device = torch.device("cuda" if torch.cuda.is_available() else "mps")`,
  ),
);
const RENDERFORMER_CALL = flat(
  lines(
    "pipeline.to(device)",
    "",
    "# One scene of random triangles, only to check the setup: real scenes come from convert_scene.py",
    "NUM_TRIANGLES = 1024",
    "NUM_VIEWS = 1",
    "TEXTURE_PATCH_SIZE = 32",
    "triangles = torch.randn((1, NUM_TRIANGLES, 3, 3), device=device)",
    "texture = torch.randn((1, NUM_TRIANGLES, 13, TEXTURE_PATCH_SIZE, TEXTURE_PATCH_SIZE), device=device)",
    "mask = torch.ones((1, NUM_TRIANGLES), dtype=torch.bool, device=device)",
    "vn = torch.randn((1, NUM_TRIANGLES, 3, 3), device=device)",
    "c2w = torch.eye(4, device=device).expand(1, NUM_VIEWS, 4, 4)",
    "fov = torch.full((1, NUM_VIEWS, 1), 45.0, device=device)",
    "",
    "images = pipeline(",
    "    triangles=triangles,",
    "    texture=texture,",
    "    mask=mask,",
    "    vn=vn,",
    "    c2w=c2w,",
    "    fov=fov,",
    "    resolution=512,",
    "    torch_dtype=torch.float16,",
    ")",
    "print(images.shape)  # linear HDR images: (1, NUM_VIEWS, 512, 512, 3)",
  ),
);

const RENDERFORMER_CODE = template((idSh) =>
  lines(RENDERFORMER_SETUP, `python3 infer.py --h5_file tmp/cbox/cbox.h5 --model_id ${idSh} --output_dir output/cbox/`),
);

const RENDERFORMER_CODE_2 = template((id) =>
  lines(RENDERFORMER_IMPORTS, `pipeline = RenderFormerRenderingPipeline.from_pretrained(${id})`, RENDERFORMER_CALL),
);

/** RenderFormer: render an example scene with the inference script, and load the pipeline in Python. */
export function renderformer(model: ModelRecord): string[] {
  return [RENDERFORMER_CODE(shQuote(model.id)), RENDERFORMER_CODE_2(pyStr(model.id))];
}

const THREE_D_TOPIA_SETUP = flat(
  lines(
    "git clone https://github.com/3DTopia/3DTopia-XL.git",
    "cd 3DTopia-XL",
    "# In a conda environment with PyTorch 2.1 and xformers, as the README sets up",
    "pip install -r requirements.txt",
    "bash install.sh",
  ),
);
const THREE_D_TOPIA_RUN = flat(
  lines(
    "# The inference config reads the DiT and VAE weights from ./pretrained",
    `ln -s ${LOCAL_DOWNLOAD_DIR} pretrained`,
    "# Generates a textured GLB mesh for every image of input_dir (see configs/inference_dit.yml)",
    "python inference.py ./configs/inference_dit.yml",
  ),
);

const THREE_DTOPIA_XL_CODE = template((downloadSh) => lines(THREE_D_TOPIA_SETUP, `${downloadSh}`, THREE_D_TOPIA_RUN));

/** 3DTopia-XL: clone, download the weights where the inference config reads them, run image-to-3D. */
export function threeDTopiaXl(model: ModelRecord): string[] {
  return [THREE_DTOPIA_XL_CODE(hfDownloadSh(model.id))];
}

// MeshAnything's weights are a safetensors file named .pth, loaded into a model built with main.py's settings.
const MESH_ANYTHING_DEFAULT_WEIGHTS = "MeshAnything_350m.pth";
const MESH_ANYTHING_POINTS = 4096;
const MESH_ANYTHING_INSTALL = flat(
  lines(
    "git clone https://github.com/buaacyw/MeshAnything.git",
    "cd MeshAnything",
    "pip install -r requirements.txt",
    "pip install flash-attn --no-build-isolation",
  ),
);
const MESH_ANYTHING_MODEL = flat(
  lines(
    "# Run from the root of the MeshAnything repository",
    "from argparse import Namespace",
    "",
    "import numpy as np",
    "import torch",
    "from huggingface_hub import hf_hub_download",
    "from safetensors.torch import load_file",
    "from MeshAnything.models.meshanything import MeshAnything",
    "",
    "# The settings of main.py: an OPT-350m backbone generating at most 800 faces",
    `args = Namespace(llm="facebook/opt-350m", codebook_size=8192, codebook_dim=1024, n_max_triangles=800)`,
    "model = MeshAnything(args)",
  ),
);
const MESH_ANYTHING_CALL = flat(
  lines(
    "model.load_state_dict(load_file(weights_path), strict=True)",
    `model = model.to("cuda")`,
    "",
    "# A point cloud with unit normals, shape (N, 6), centred and scaled into the unit cube as main.py does",
    `points = np.load("pc_examples/mouse.npy")`,
    `points = points[np.random.choice(len(points), ${MESH_ANYTHING_POINTS}, replace=False)]`,
    "coords, normals = points[:, :3], points[:, 3:]",
    "coords = coords - (coords.min(axis=0) + coords.max(axis=0)) / 2",
    "coords = coords / np.abs(coords).max() * 0.9995",
    "pc_normal = torch.from_numpy(np.concatenate([coords, normals], axis=-1)).half().unsqueeze(0).cuda()",
    "",
    `with torch.autocast("cuda", dtype=torch.float16):`,
    "    faces = model(pc_normal)",
    "print(faces.shape)  # (1, max faces, 3, 3) vertex coordinates; rows past the last face hold nan",
  ),
);

function isMeshAnythingWeights(path: string): boolean {
  return path.endsWith(".pth");
}

const MESH_ANYTHING_CODE = template((id, str) =>
  lines(
    MESH_ANYTHING_MODEL,
    `weights_path = hf_hub_download(${id}, ${str}, local_dir=${pyStr(LOCAL_DOWNLOAD_DIR)})`,
    MESH_ANYTHING_CALL,
  ),
);

/** MeshAnything: build the model, load the weights, turn a point cloud with normals into an artist-like mesh. */
export function meshAnything(model: ModelRecord): string[] {
  const weights = findSibling(model, isMeshAnythingWeights) ?? MESH_ANYTHING_DEFAULT_WEIGHTS;
  return [MESH_ANYTHING_INSTALL, MESH_ANYTHING_CODE(pyStr(model.id), pyStr(weights))];
}

// GaussianFormer's windowed cross-attention needs Flash Attention; the `flash` extra brings a prebuilt wheel.
const GAUSSIANFORMER_INSTALL = `uv pip install "gaussianformer[flash] @ git+https://github.com/SVLwoof/gaussianformer"`;
const GAUSSIANFORMER_IMPORTS = flat(
  lines(
    "import torch",
    "from gaussianformer import GaussianFormerRenderingPipeline, load_ply",
    "from gaussianformer.utils.cameras import orbit",
    "",
  ),
);
const GAUSSIANFORMER_CALL = flat(
  lines(
    "# A splat written by a 3DGS trainer; up is the file's up axis (y, z or -y)",
    `gaussians = load_ply("object.ply", up="z")`,
    "# 8 camera-to-world matrices on an orbit at distance 1.7 (-Z forward, +Y up)",
    "c2w = torch.from_numpy(orbit(8, 1.7))",
    "images = pipeline(gaussians, c2w, fov=45.0)  # (8, 512, 512, 3)",
  ),
);

const GAUSSIANFORMER_CODE = template((id) =>
  lines(
    GAUSSIANFORMER_IMPORTS,
    `pipeline = GaussianFormerRenderingPipeline.from_pretrained(${id}).to("cuda")`,
    GAUSSIANFORMER_CALL,
  ),
);

/** GaussianFormer: render a 3D Gaussian Splatting PLY from an orbit of cameras. */
export function gaussianformer(model: ModelRecord): string[] {
  return [GAUSSIANFORMER_INSTALL, GAUSSIANFORMER_CODE(pyStr(model.id))];
}
