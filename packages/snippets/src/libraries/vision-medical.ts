// Load snippets of medical imaging libraries: CXR Foundation, Derm Foundation and COLIPRI. Each follows the usage
// its library documents. Each example names the model once: the blocks before and after that literal are joined
// when the module loads, so a page view only escapes the id.
import { flat, lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import type { ModelRecord } from "../model.js";
import { LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";
import { pyList } from "./text-literals.js";

/** A library's two snippets: its install line, and a Python example whose only model-dependent part is the id. */
function aroundModelId(install: string, before: string, after: string): (model: ModelRecord) => string[] {
  return (model) => [install, before + pyStr(model.id) + after];
}

/**
 * Python lines that read a PNG file into `example`, a serialized tf.train.Example: the input the Google Health
 * SavedModels take. `mode` is the PIL colour mode the model expects; some models also read the image's format.
 */
function pngTfExamplePy(file: string, mode: "L" | "RGB", withFormat: boolean): string {
  return flat(
    lines(
      "buffer = io.BytesIO()",
      `Image.open(${pyStr(file)}).convert(${pyStr(mode)}).save(buffer, "PNG")`,
      "example = tf.train.Example(features=tf.train.Features(feature={",
      '    "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[buffer.getvalue()])),',
      withFormat && '    "image/format": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"png"])),',
      "})).SerializeToString()",
    ),
  );
}

/** The sub-models of CXR Foundation the example uses: the image encoder and the text-aligned Q-Former. */
const CXR_FOUNDATION_FOLDERS = ["elixr-c-v2-pooled", "pax-elixr-b-text"] as const;

/** The folders of CXR Foundation to download, as Python glob patterns. */
const CXR_FOUNDATION_PATTERNS_PY = pyList(CXR_FOUNDATION_FOLDERS.map((folder) => `${folder}/*`));

/** CXR Foundation: chest X-ray embeddings from the ELIXR-C image model and the ELIXR-B Q-Former. */
export const cxrFoundation = aroundModelId(
  pipInstall("tensorflow", "tensorflow-text", "huggingface_hub", "pillow"),
  flat(
    lines(
      "import io",
      "",
      "import numpy as np",
      "import tensorflow as tf",
      "import tensorflow_text  # registers the ops the text model needs",
      "from huggingface_hub import snapshot_download",
      "from PIL import Image",
      "",
      "# The weights are gated: accept the terms on the model page and log in (hf auth login) first",
      "local_dir = snapshot_download(",
      "    ",
    ),
  ),
  flat(
    lines(
      ",",
      `    local_dir="${LOCAL_DOWNLOAD_DIR}",`,
      `    allow_patterns=${CXR_FOUNDATION_PATTERNS_PY},`,
      ")",
      "",
      "# The image model reads a grayscale PNG wrapped in a tf.train.Example",
      pngTfExamplePy("chest_xray.png", "L", true),
      "",
      `elixr_c = tf.saved_model.load(f"{local_dir}/${CXR_FOUNDATION_FOLDERS[0]}").signatures["serving_default"]`,
      'image_features = elixr_c(input_example=tf.constant([example]))["feature_maps_0"].numpy()',
      "",
      `qformer = tf.saved_model.load(f"{local_dir}/${CXR_FOUNDATION_FOLDERS[1]}").signatures["serving_default"]`,
      "qformer_output = qformer(",
      "    image_feature=image_features.tolist(),",
      "    ids=np.zeros((1, 1, 128), dtype=np.int32).tolist(),",
      "    paddings=np.zeros((1, 1, 128), dtype=np.float32).tolist(),",
      ")",
      'image_embedding = qformer_output["all_contrastive_img_emb"]',
    ),
  ),
);

/** Derm Foundation: a 6144-value embedding of a skin photo from the Keras SavedModel. */
export const dermFoundation = aroundModelId(
  pipInstall("tensorflow", "huggingface_hub", "pillow"),
  flat(
    lines(
      "import io",
      "",
      "import tensorflow as tf",
      "from huggingface_hub import from_pretrained_keras",
      "from PIL import Image",
      "",
      "# The model reads a PNG wrapped in a tf.train.Example",
      pngTfExamplePy("skin.png", "RGB", false),
      "",
      "# The weights are gated: accept the terms on the model page and log in (hf auth login) first",
      "loaded_model = from_pretrained_keras(",
    ),
  ),
  flat(
    lines(
      ")",
      'infer = loaded_model.signatures["serving_default"]',
      "output = infer(inputs=tf.constant([example]))",
      'embedding = output["embedding"].numpy().flatten()  # 6144 values',
    ),
  ),
);

/** Zero-shot prompts of the COLIPRI example (chest CT findings), as a Python list. */
const COLIPRI_PROMPTS_PY = pyList(["No lung nodules", "Lung nodules"]);

/** COLIPRI: the package's chest CT model with this repository's weights; zero-shot scores for two findings. */
export const colipri = aroundModelId(
  pipInstall("colipri"),
  flat(
    lines(
      "import torch",
      "from colipri import get_model, get_processor",
      "from huggingface_hub import hf_hub_download",
      "from safetensors.torch import load_model",
      "",
      "model = get_model(pretrained=False)",
      "load_model(model, hf_hub_download(",
    ),
  ),
  flat(
    lines(
      ', "model.safetensors"))',
      "model.eval()",
      "processor = get_processor()",
      "",
      'images = processor.to_images_batch(processor.process_images("path/to/chest_ct.nii.gz"))',
      `token_ids, attention_mask = processor.process_text(${COLIPRI_PROMPTS_PY})`,
      "with torch.no_grad():",
      "    image_embeddings = model.encode_image(images, pool=True, project=True, normalize=True)",
      "    text_embeddings = model.encode_text(token_ids, attention_mask, pool=True, normalize=True)",
      "print(image_embeddings @ text_embeddings.T)  # cosine similarity of the scan to each finding",
    ),
  ),
);
