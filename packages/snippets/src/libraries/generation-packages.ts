// Load snippets of pip-installable packages that load from the hub: jev-style, FleXray, kernels, mamba-ssm,
// pxia and SAELens. The code around the model values is built once, at module load.

import { flat, lines, pyStr, shQuote } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { findSibling, hasTag } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";

/** The jev-style build a repository holds: MLX and GGUF builds are published as `-MLX` / `-GGUF` repositories. */
export function jevStyleBuild(model: ModelRecord): "mlx" | "gguf" | "torch" {
  const id = model.id.toUpperCase();
  if (id.endsWith("-MLX") || hasTag(model, "mlx")) return "mlx";
  if (id.endsWith("-GGUF") || hasTag(model, "gguf")) return "gguf";
  return "torch";
}

// MLX builds run on Apple silicon; safetensors and GGUF builds are served by the PyTorch install.
const JEV_STYLE_INSTALL = { mlx: pipInstall(`"jev-style[mlx]"`), other: pipInstall(`"jev-style[torch]"`) } as const;
const JEV_STYLE_IMPORT = flat(lines("from jev_style import JevStyle, choice, noul, score", ""));
// The smallest GGUF build the releases publish.
const JEV_STYLE_GGUF_OPTIONS = flat(`, quant=${pyStr("Q4_K_M")}`);
const JEV_STYLE_GGUF_NOTE =
  "# GGUF builds score through llama.cpp with the release's scorer (see the jev-style README)";
const JEV_STYLE_TEXT = pyStr("Shoes arrived two weeks late and in the wrong size. Also I see two charges on my card.");
const JEV_STYLE_QUESTIONS = flat(
  lines(
    "    {",
    `        "urgent": noul("Does this need urgent human attention?"),`,
    `        "team": choice("Which team should handle this?", ["billing", "shipping", "returns"]),`,
    `        "frustration": score("How frustrated is the writer?", ["calm", "frustrated", "very angry"]),`,
    "    },",
    ")",
    `print(out["answers"])`,
  ),
);

/** jev-style: a decision model answering typed questions about a text with calibrated probabilities. */
export function jevStyle(model: ModelRecord): string[] {
  const build = jevStyleBuild(model);
  const gguf = build === "gguf";
  return [
    build === "mlx" ? JEV_STYLE_INSTALL.mlx : JEV_STYLE_INSTALL.other,
    lines(
      JEV_STYLE_IMPORT,
      gguf && JEV_STYLE_GGUF_NOTE,
      `js = JevStyle.from_pretrained(${pyStr(model.id)}${gguf ? JEV_STYLE_GGUF_OPTIONS : ""})`,
      "out = js.decide(",
      `    ${pyWidgetText(model, JEV_STYLE_TEXT)},`,
      JEV_STYLE_QUESTIONS,
    ),
  ];
}

const FLEXRAY_INSTALL = flat(
  lines(
    pipInstall("flexray"),
    "# Writes masks, probabilities and logits as .npy arrays, one channel per anatomical label",
  ),
);
const FLEXRAY_CALL = flat(
  lines(
    "# tta_samples=8: eight passes of test-time augmentation; 1 is a single pass",
    `prediction = segmenter.predict("image.png", tta_samples=8)`,
    "masks = prediction.masks  # (1, labels, H, W) uint8",
    "probabilities = prediction.probabilities",
  ),
);

const FLEXRAY_CODE = template((idSh) =>
  lines(FLEXRAY_INSTALL, `flexify --model-id ${idSh} --input ./image.png --output-dir ./predictions`),
);

const FLEXRAY_CODE_2 = template((id) =>
  lines(
    "from fxr.inference import FleXraySegmenter",
    "",
    `segmenter = FleXraySegmenter.from_pretrained(${id})`,
    FLEXRAY_CALL,
  ),
);

/** FleXray: segment the anatomy of an X-ray from the command line or from Python. */
export function flexray(model: ModelRecord): string[] {
  return [FLEXRAY_CODE(shQuote(model.id)), FLEXRAY_CODE_2(pyStr(model.id))];
}

const KERNELS_INSTALL = flat(
  lines(pipInstall("kernels"), "# Lists the versions of the kernel and marks the builds that fit this machine"),
);
const KERNELS_IMPORT = flat(
  lines(
    "from kernels import get_kernel",
    "",
    "# Downloads the build matching this machine's torch and accelerator, then imports it.",
    "# Kernels from organisations outside the trusted list also need trust_remote_code=True.",
  ),
);
const KERNELS_CALL = flat(
  lines(
    "",
    "# The kernel's operations are functions of the module, e.g. kernel.gelu_fast(out, x) for an activation kernel",
    `print([name for name in dir(kernel) if not name.startswith("_")])`,
  ),
);

const KERNELS_CODE = template((idSh) => lines(KERNELS_INSTALL, `kernels versions ${idSh}`));

const KERNELS_CODE_2 = template((id) => lines(KERNELS_IMPORT, `kernel = get_kernel(${id}, version=1)`, KERNELS_CALL));

/** kernels: fetch a compiled kernel from the hub with get_kernel and list the operations it exposes. */
export function kernels(model: ModelRecord): string[] {
  return [KERNELS_CODE(shQuote(model.id)), KERNELS_CODE_2(pyStr(model.id))];
}

// Mamba checkpoints without a tokenizer of their own were trained with the GPT-NeoX one.
const MAMBA_TOKENIZER = pyStr("EleutherAI/gpt-neox-20b");
const MAMBA_PROMPT = pyStr("Mamba is a state space model that");
const MAMBA_NEW_TOKENS = 40;
const MAMBA_INSTALL = flat(lines("# Needs an NVIDIA GPU with CUDA", pipInstall("mamba-ssm", "causal-conv1d")));
const MAMBA_IMPORTS = flat(
  lines(
    "import torch",
    "from transformers import AutoTokenizer",
    "from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel",
    "",
    `device = "cuda"`,
  ),
);
const MAMBA_GENERATE = flat(
  lines(
    `output_ids = model.generate(input_ids=input_ids, max_length=input_ids.shape[1] + ${MAMBA_NEW_TOKENS})`,
    "print(tokenizer.decode(output_ids[0]))",
  ),
);

function isTokenizerFile(path: string): boolean {
  return path === "tokenizer.json" || path === "tokenizer_config.json";
}

const MAMBA_SSM_CODE = template((tokenizer, id, widgetText) =>
  lines(
    MAMBA_IMPORTS,
    `tokenizer = AutoTokenizer.from_pretrained(${tokenizer})`,
    `model = MambaLMHeadModel.from_pretrained(${id}, device=device, dtype=torch.float16)`,
    "",
    `input_ids = tokenizer(${widgetText}, return_tensors="pt").input_ids.to(device)`,
    MAMBA_GENERATE,
  ),
);

/** mamba-ssm: MambaLMHeadModel with its CUDA kernels, then a short greedy generation. */
export function mambaSsm(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  const tokenizer = findSibling(model, isTokenizerFile) === undefined ? MAMBA_TOKENIZER : id;
  return [MAMBA_INSTALL, MAMBA_SSM_CODE(tokenizer, id, pyWidgetText(model, MAMBA_PROMPT))];
}

/** A pxia model class: the tag pxia pushes with it and the module that defines it. */
interface PxiaClass {
  /** The tag that names the class; undefined for the fallback. */
  tag?: string;
  /** The `from … import …` line. */
  importLine: string;
  /** The class name. */
  className: string;
}

const PXIA_CLASSES: readonly PxiaClass[] = [
  { tag: "gpt2", importLine: "from pxia.modeling_gpt2 import GPT2", className: "GPT2" },
  { tag: "ann", importLine: "from pxia.modeling_ann import ANN", className: "ANN" },
];
// AutoModel reads the repository's tags on the hub and picks the class itself.
const PXIA_AUTO: PxiaClass = { importLine: "from pxia.auto import AutoModel", className: "AutoModel" };
const PXIA_INSTALL = pipInstall("pxia");

function pxiaClass(model: ModelRecord): PxiaClass {
  for (const entry of PXIA_CLASSES) if (entry.tag !== undefined && hasTag(model, entry.tag)) return entry;
  return PXIA_AUTO;
}

const PXIA_CODE = template((importLine, className, id) =>
  lines(`${importLine}`, "", `model = ${className}.from_pretrained(${id})`, "model.eval()"),
);

/** pxia: PyTorchModelHubMixin models, loaded with their own class (or AutoModel) from_pretrained. */
export function pxia(model: ModelRecord): string[] {
  const entry = pxiaClass(model);
  return [PXIA_INSTALL, PXIA_CODE(entry.importLine, entry.className, pyStr(model.id))];
}

// SAELens repositories hold one SAE per folder (cfg.json beside the weights); the folder is the sae_id.
const SAE_CONFIG_FILE = "/cfg.json";
/** Written when the repository's folders are unknown; SAELens model cards use the same placeholder. */
export const SAE_ID_PLACEHOLDER = "<sae_id>";
const SAE_PLACEHOLDER_NOTE = flat(
  `# Replace ${SAE_ID_PLACEHOLDER} with a folder of the repository that holds cfg.json`,
);
const SAELENS_INSTALL = pipInstall("sae-lens");
const SAELENS_IMPORTS = flat(
  lines("import torch", "from sae_lens import SAE", "", `device = "cuda" if torch.cuda.is_available() else "cpu"`),
);
const SAELENS_CALL = flat(
  lines(
    "",
    "# Activations of the layer the SAE was trained on, e.g. from HookedTransformer.run_with_cache",
    "activations = torch.randn(1, 8, sae.cfg.d_in, device=device)",
    "features = sae.encode(activations)  # sparse feature activations",
    "reconstruction = sae.decode(features)",
  ),
);

function isSaeConfig(path: string): boolean {
  return path.endsWith(SAE_CONFIG_FILE);
}

/** SAELens: load one sparse autoencoder of the repository and encode activations into features. */
export function saelens(model: ModelRecord): string[] {
  const config = findSibling(model, isSaeConfig);
  const folder = config === undefined ? undefined : config.slice(0, -SAE_CONFIG_FILE.length);
  return [
    SAELENS_INSTALL,
    lines(
      SAELENS_IMPORTS,
      folder === undefined && SAE_PLACEHOLDER_NOTE,
      `sae = SAE.from_pretrained(${pyStr(model.id)}, ${pyStr(folder ?? SAE_ID_PLACEHOLDER)}, device=device)`,
      SAELENS_CALL,
    ),
  ];
}
