// Load snippets of image classifiers and image-text encoders: timm, OpenCLIP, AraClip, mlx-image and
// Perception Encoder. Each follows the usage its library documents.

import { flat, lines } from "../code/lines.js";
import { pyStr, pyStrBody } from "../code/python.js";
import { template } from "../code/template.js";
import { flattenLine } from "../code/visible.js";
import type { ModelRecord } from "../model.js";
import { repoName } from "../model-readers.js";
import { pipInstall } from "./common.js";
import { pyList } from "./text-literals.js";
import { candidateLabelsPy, exampleImagePy, isFeatureExtraction } from "./vision-helpers.js";

/** Arabic labels of the AraClip README example (a sitting cat, a jumping cat, a dog, a horse), as Python. */
const ARACLIP_LABELS_PY = pyList(["قطة جالسة", "قطة تقفز", "كلب", "حصان"]);

/** The suffix the mlx-vision community gives converted checkpoints (`resnet18-mlxim`). */
const MLXIM_SUFFIX = "-mlxim";

/** Input size of mlx-image architectures whose name does not state one (ResNet, EfficientNet, …). */
const MLXIM_DEFAULT_IMAGE_SIZE = 224;

// An architecture name states its input size as `_<size>`, e.g. `vit_base_patch16_224.augreg_in21k`.
const MLXIM_SIZE_IN_NAME = /_(\d{3})(?:\.|$)/;

/** Perception Encoder configurations with a text tower (`PE-Core-*`) load as CLIP models. */
const PE_CLIP_PREFIX = "PE-Core-";

// The lines of the timm, OpenCLIP, AraClip and Perception Encoder snippets that are the same for every model,
// joined once when the module loads: a page view only adds the lines that name the model or its examples.

const IMAGE_URL_IMPORTS = flat(
  lines("import torch", "from PIL import Image", "from urllib.request import urlopen", ""),
);
const TIMM_INSTALL = pipInstall("timm");
const TIMM_CLASSIFIER_HEAD = flat(lines("import timm", IMAGE_URL_IMPORTS));
const TIMM_EMBEDDING_HEAD = flat(
  lines(TIMM_CLASSIFIER_HEAD, "# num_classes=0 drops the classifier: the model outputs image embeddings"),
);
const TIMM_PREPROCESSING = flat(
  lines(
    "model = model.eval()",
    "",
    "# The preprocessing the model was trained with",
    "data_config = timm.data.resolve_model_data_config(model)",
    "transforms = timm.data.create_transform(**data_config, is_training=False)",
    "",
  ),
);
const TIMM_RUN = flat(
  lines("with torch.no_grad():", "    output = model(transforms(image).unsqueeze(0))  # a batch of one image"),
);
const TIMM_EMBED = flat(lines(TIMM_RUN, "print(output.shape)  # (1, num_features)"));
const TIMM_CLASSIFY = flat(
  lines(TIMM_RUN, "top5_probabilities, top5_class_indices = torch.topk(output.softmax(dim=1) * 100, k=5)"),
);

const OPEN_CLIP_INSTALL = pipInstall("open_clip_torch");
const OPEN_CLIP_IMPORTS = flat(lines("import open_clip", IMAGE_URL_IMPORTS));
const OPEN_CLIP_EMBED = flat(
  lines("with torch.no_grad():", "    image_features = model.encode_image(image, normalize=True)"),
);
const OPEN_CLIP_CLASSIFY = flat(
  lines(
    "text = tokenizer(labels)",
    "",
    OPEN_CLIP_EMBED,
    "    text_features = model.encode_text(text, normalize=True)",
    "    text_probs = (100.0 * image_features @ text_features.T).softmax(dim=-1)",
    "",
    "print(dict(zip(labels, text_probs[0].tolist())))",
  ),
);

const ARACLIP_INSTALL = pipInstall("git+https://github.com/Arabic-Clip/Araclip.git");
const ARACLIP_IMPORTS = flat(lines("import numpy as np", "from PIL import Image", "from araclip import AraClip", ""));
const ARACLIP_RUN = flat(
  lines(
    'image = Image.open("cat.png")',
    "",
    "image_features = model.embed(image=image)",
    "text_features = np.stack([model.embed(text=label) for label in labels])",
    "",
    "similarities = text_features @ image_features",
    "print(labels[np.argmax(similarities)])  # the caption closest to the image",
  ),
);

const PE_INSTALL = flat(
  lines(
    "git clone https://github.com/facebookresearch/perception_models.git",
    "cd perception_models",
    "pip install -e .",
  ),
);
const PE_IMPORTS = flat(
  lines(
    "import torch",
    "from PIL import Image",
    "import core.vision_encoder.pe as pe",
    "import core.vision_encoder.transforms as transforms",
    "",
  ),
);
const PE_PREPROCESS = flat(
  lines("model = model.eval()", "preprocess = transforms.get_image_transform(model.image_size)"),
);
const PE_IMAGE = 'image = preprocess(Image.open("path/to/image.jpg")).unsqueeze(0)';
const PE_FEATURES = flat(lines(PE_PREPROCESS, "", PE_IMAGE, "with torch.no_grad():", "    features = model(image)"));
const PE_CLIP_INPUTS = flat(
  lines(PE_PREPROCESS, "tokenizer = transforms.get_text_tokenizer(model.context_length)", "", PE_IMAGE),
);
const PE_CLIP_RUN = flat(
  lines(
    "with torch.no_grad():",
    "    image_features, text_features, logit_scale = model(image, text)",
    "    text_probs = (logit_scale * image_features @ text_features.T).softmax(dim=-1)",
  ),
);

const TIMM_CODE = template((value, name, value2, exampleImagePy2, value3) =>
  lines(
    `${value}`,
    `model = timm.create_model(${name}, pretrained=True${value2})`,
    TIMM_PREPROCESSING,
    `image = Image.open(urlopen(${exampleImagePy2})).convert("RGB")`,
    `${value3}`,
  ),
);

/** timm: an image classifier by default; an embedding model for feature-extraction pipelines. */
export function timm(model: ModelRecord): string[] {
  // The prefix needs no escape: the literal is its text around the escaped id.
  const name = `"hf_hub:${pyStrBody(model.id)}"`;
  const features = isFeatureExtraction(model);
  return [
    TIMM_INSTALL,
    TIMM_CODE(
      features ? TIMM_EMBEDDING_HEAD : TIMM_CLASSIFIER_HEAD,
      name,
      features ? ", num_classes=0" : "",
      exampleImagePy(model),
      features ? TIMM_EMBED : TIMM_CLASSIFY,
    ),
  ];
}

// The embedding and the classification snippets, each joined once around the model's name, image and labels.
const OPEN_CLIP_EMBED_CODE = template((name, image) =>
  lines(
    OPEN_CLIP_IMPORTS,
    `model, preprocess = open_clip.create_model_from_pretrained(${name})`,
    "model.eval()",
    "",
    `image = preprocess(Image.open(urlopen(${image}))).unsqueeze(0)`,
    OPEN_CLIP_EMBED,
  ),
);

const OPEN_CLIP_CLASSIFY_CODE = template((name, image, labels) =>
  lines(
    OPEN_CLIP_IMPORTS,
    `model, preprocess = open_clip.create_model_from_pretrained(${name})`,
    `tokenizer = open_clip.get_tokenizer(${name})`,
    "model.eval()",
    "",
    `image = preprocess(Image.open(urlopen(${image}))).unsqueeze(0)`,
    `labels = ${labels}`,
    OPEN_CLIP_CLASSIFY,
  ),
);

/** OpenCLIP: zero-shot image classification, or image embeddings for feature-extraction pipelines. */
export function openClip(model: ModelRecord): string[] {
  const name = `"hf-hub:${pyStrBody(model.id)}"`;
  if (isFeatureExtraction(model)) return [OPEN_CLIP_INSTALL, OPEN_CLIP_EMBED_CODE(name, exampleImagePy(model))];
  return [OPEN_CLIP_INSTALL, OPEN_CLIP_CLASSIFY_CODE(name, exampleImagePy(model), candidateLabelsPy(model))];
}

const ARACLIP_CODE = template((id, candidateLabelsPy2) =>
  lines(ARACLIP_IMPORTS, `model = AraClip.from_pretrained(${id})`, "", `labels = ${candidateLabelsPy2}`, ARACLIP_RUN),
);

/** AraClip: embeds an image and Arabic captions, and picks the caption closest to the image. */
export function araclip(model: ModelRecord): string[] {
  return [ARACLIP_INSTALL, ARACLIP_CODE(pyStr(model.id), candidateLabelsPy(model, ARACLIP_LABELS_PY))];
}

const MLX_IMAGE_INSTALL = pipInstall("mlx-image");

/** mlx-image: the architecture named by the repository, with this repository's weights. */
export function mlxImage(model: ModelRecord): string[] {
  const name = repoName(model);
  const converted = name.endsWith(MLXIM_SUFFIX);
  const architecture = converted ? name.slice(0, -MLXIM_SUFFIX.length) : name;
  const size = MLXIM_SIZE_IN_NAME.exec(architecture)?.[1] ?? String(MLXIM_DEFAULT_IMAGE_SIZE);
  return [
    MLX_IMAGE_INSTALL,
    lines(
      "import mlx.core as mx",
      "from huggingface_hub import hf_hub_download",
      "from mlxim.io import read_rgb",
      "from mlxim.model import create_model",
      "from mlxim.transform import ImageNetTransform",
      "",
      `weights = hf_hub_download(${pyStr(model.id)}, "model.safetensors")`,
      !converted && "# Replace with the architecture this checkpoint was trained with: see mlxim.model.list_models()",
      `model = create_model(${pyStr(architecture)}, weights=weights)`,
      "model.eval()",
      "",
      `transform = ImageNetTransform(train=False, img_size=${size})`,
      'x = mx.expand_dims(transform(read_rgb("cat.jpg")), 0)  # a batch of one image',
      "logits = model(x)",
    ),
  ];
}

const PERCEPTION_ENCODER_CODE = template((id) => lines(PE_IMPORTS, `${id}`));

const PERCEPTION_ENCODER_CODE_2 = template((head, str) =>
  lines(`${head}`, `model = pe.VisionTransformer.from_config(${str}, pretrained=True)`, PE_FEATURES),
);

const PERCEPTION_ENCODER_CODE_3 = template((head, str, candidateLabelsPy2) =>
  lines(
    `${head}`,
    `model = pe.CLIP.from_config(${str}, pretrained=True)`,
    PE_CLIP_INPUTS,
    `text = tokenizer(${candidateLabelsPy2})`,
    PE_CLIP_RUN,
  ),
);

/** Perception Encoder: PE-Core models as CLIP (image and text); PE-Lang and PE-Spatial as vision towers. */
export function perceptionEncoder(model: ModelRecord): string[] {
  const config = repoName(model);
  const clip = config.startsWith(PE_CLIP_PREFIX);
  const head = PERCEPTION_ENCODER_CODE(
    `# The configuration of ${flattenLine(model.id)}; pretrained=True downloads its weights`,
  );
  if (!clip) {
    return [PE_INSTALL, PERCEPTION_ENCODER_CODE_2(head, pyStr(config))];
  }
  return [PE_INSTALL, PERCEPTION_ENCODER_CODE_3(head, pyStr(config), candidateLabelsPy(model))];
}
