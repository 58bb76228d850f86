// Load snippets of pip-installable packages that load from the hub: jev-style, FleXray, kernels, mamba-ssm,
// pxia and SAELens.
import { lines, pyStr, shQuote } from "../code/index.js";
import type { ModelRecord } from "../model.js";
import { pipInstall } from "./common.js";
import { findSibling, hasTag, widgetText } from "./generation-helpers.js";

/** The jev-style build a repository holds: MLX and GGUF builds are published as `-MLX` / `-GGUF` repositories. */
export function jevStyleBuild(model: ModelRecord): "mlx" | "gguf" | "torch" {
  const id = model.id.toUpperCase();
  if (id.endsWith("-MLX") || hasTag(model, "mlx")) return "mlx";
  if (id.endsWith("-GGUF") || hasTag(model, "gguf")) return "gguf";
  return "torch";
}

const JEV_STYLE_TEXT = "Shoes arrived two weeks late and in the wrong size. Also I see two charges on my card.";
// The smallest GGUF build the releases publish.
const JEV_STYLE_GGUF_QUANT = "Q4_K_M";

/** jev-style: a decision model answering typed questions about a text with calibrated probabilities. */
export function jevStyle(model: ModelRecord): string[] {
  const build = jevStyleBuild(model);
  return [
    pipInstall(build === "mlx" ? `"jev-style[mlx]"` : `"jev-style[torch]"`),
    lines(
      "from jev_style import JevStyle, choice, noul, score",
      "",
      build === "gguf" && "# GGUF builds score through llama.cpp with the release's scorer (see the jev-style README)",
      build === "gguf"
        ? `js = JevStyle.from_pretrained(${pyStr(model.id)}, quant=${pyStr(JEV_STYLE_GGUF_QUANT)})`
        : `js = JevStyle.from_pretrained(${pyStr(model.id)})`,
      "out = js.decide(",
      `    ${pyStr(widgetText(model) ?? JEV_STYLE_TEXT)},`,
      "    {",
      `        "urgent": noul("Does this need urgent human attention?"),`,
      `        "team": choice("Which team should handle this?", ["billing", "shipping", "returns"]),`,
      `        "frustration": score("How frustrated is the writer?", ["calm", "frustrated", "very angry"]),`,
      "    },",
      ")",
      `print(out["answers"])`,
    ),
  ];
}

/** FleXray: segment the anatomy of an X-ray from the command line or from Python. */
export function flexray(model: ModelRecord): string[] {
  return [
    lines(
      "pip install -U flexray",
      "# Writes masks, probabilities and logits as .npy arrays, one channel per anatomical label",
      `flexify --model-id ${shQuote(model.id)} --input ./image.png --output-dir ./predictions`,
    ),
    lines(
      "from fxr.inference import FleXraySegmenter",
      "",
      `segmenter = FleXraySegmenter.from_pretrained(${pyStr(model.id)})`,
      "# tta_samples=8: eight passes of test-time augmentation; 1 is a single pass",
      `prediction = segmenter.predict("image.png", tta_samples=8)`,
      "masks = prediction.masks  # (1, labels, H, W) uint8",
      "probabilities = prediction.probabilities",
    ),
  ];
}

/** kernels: fetch a compiled kernel from the hub with get_kernel and list the operations it exposes. */
export function kernels(model: ModelRecord): string[] {
  return [
    lines(
      pipInstall("kernels"),
      "# Lists the versions of the kernel and marks the builds that fit this machine",
      `kernels versions ${shQuote(model.id)}`,
    ),
    lines(
      "from kernels import get_kernel",
      "",
      "# Downloads the build matching this machine's torch and accelerator, then imports it.",
      "# Kernels from organisations outside the trusted list also need trust_remote_code=True.",
      `kernel = get_kernel(${pyStr(model.id)}, version=1)`,
      "",
      "# The kernel's operations are functions of the module, e.g. kernel.gelu_fast(out, x) for an activation kernel",
      `print([name for name in dir(kernel) if not name.startswith("_")])`,
    ),
  ];
}

// Mamba checkpoints without a tokenizer of their own were trained with the GPT-NeoX one.
const MAMBA_TOKENIZER = "EleutherAI/gpt-neox-20b";
const MAMBA_PROMPT = "Mamba is a state space model that";
const MAMBA_NEW_TOKENS = 40;

function hasTokenizer(model: ModelRecord): boolean {
  return findSibling(model, (path) => path === "tokenizer.json" || path === "tokenizer_config.json") !== undefined;
}

/** mamba-ssm: MambaLMHeadModel with its CUDA kernels, then a short greedy generation. */
export function mambaSsm(model: ModelRecord): string[] {
  return [
    lines("# Needs an NVIDIA GPU with CUDA", pipInstall("mamba-ssm", "causal-conv1d")),
    lines(
      "import torch",
      "from transformers import AutoTokenizer",
      "from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel",
      "",
      `device = "cuda"`,
      `tokenizer = AutoTokenizer.from_pretrained(${pyStr(hasTokenizer(model) ? model.id : MAMBA_TOKENIZER)})`,
      `model = MambaLMHeadModel.from_pretrained(${pyStr(model.id)}, device=device, dtype=torch.float16)`,
      "",
      `input_ids = tokenizer(${pyStr(widgetText(model) ?? MAMBA_PROMPT)}, return_tensors="pt").input_ids.to(device)`,
      `output_ids = model.generate(input_ids=input_ids, max_length=input_ids.shape[1] + ${MAMBA_NEW_TOKENS})`,
      "print(tokenizer.decode(output_ids[0]))",
    ),
  ];
}

/** pxia model classes by the tag pxia pushes with them, with the module that defines each. */
const PXIA_CLASSES = [
  { tag: "gpt2", module: "pxia.modeling_gpt2", className: "GPT2" },
  { tag: "ann", module: "pxia.modeling_ann", className: "ANN" },
] as const;
// AutoModel reads the repository's tags on the hub and picks the class itself.
const PXIA_AUTO = { module: "pxia.auto", className: "AutoModel" } as const;

/** pxia: PyTorchModelHubMixin models, loaded with their own class (or AutoModel) from_pretrained. */
export function pxia(model: ModelRecord): string[] {
  const entry = PXIA_CLASSES.find((row) => hasTag(model, row.tag)) ?? PXIA_AUTO;
  return [
    pipInstall("pxia"),
    lines(
      `from ${entry.module} import ${entry.className}`,
      "",
      `model = ${entry.className}.from_pretrained(${pyStr(model.id)})`,
      "model.eval()",
    ),
  ];
}

// SAELens repositories hold one SAE per folder (cfg.json beside the weights); the folder is the sae_id.
const SAE_CONFIG_FILE = "/cfg.json";
/** Written when the repository's folders are unknown; SAELens model cards use the same placeholder. */
export const SAE_ID_PLACEHOLDER = "<sae_id>";

function saeFolder(model: ModelRecord): string | undefined {
  const config = findSibling(model, (path) => path.endsWith(SAE_CONFIG_FILE));
  return config === undefined ? undefined : config.slice(0, -SAE_CONFIG_FILE.length);
}

/** SAELens: load one sparse autoencoder of the repository and encode activations into features. */
export function saelens(model: ModelRecord): string[] {
  const folder = saeFolder(model);
  return [
    pipInstall("sae-lens"),
    lines(
      "import torch",
      "from sae_lens import SAE",
      "",
      `device = "cuda" if torch.cuda.is_available() else "cpu"`,
      folder === undefined && `# Replace ${SAE_ID_PLACEHOLDER} with a folder of the repository that holds cfg.json`,
      `sae = SAE.from_pretrained(${pyStr(model.id)}, ${pyStr(folder ?? SAE_ID_PLACEHOLDER)}, device=device)`,
      "",
      "# Activations of the layer the SAE was trained on, e.g. from HookedTransformer.run_with_cache",
      "activations = torch.randn(1, 8, sae.cfg.d_in, device=device)",
      "features = sae.encode(activations)  # sparse feature activations",
      "reconstruction = sae.decode(features)",
    ),
  ];
}
