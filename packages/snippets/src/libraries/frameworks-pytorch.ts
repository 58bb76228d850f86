// Load snippets of PyTorch research libraries: fastai, pythae (VAEs) and SwarmFormer.
import { lines, pyStr } from "../code/index.js";
import type { ModelRecord } from "../model.js";

/** fastai: the exported Learner loaded through the hub's fastai helper. */
export function fastai(model: ModelRecord): string[] {
  return [
    lines(
      `# pip install -U "huggingface_hub[fastai]"`,
      "from huggingface_hub import from_pretrained_fastai",
      "",
      `learn = from_pretrained_fastai(${pyStr(model.id)})`,
      "# learn.predict(item) runs the model on one input, e.g. an image for a vision learner.",
    ),
  ];
}

const PYTHAE_SAMPLES = 4;

/** pythae: the autoencoder loaded by AutoModel from the hub, then sampled from its prior. */
export function pythae(model: ModelRecord): string[] {
  return [
    lines(
      "# pip install -U pythae",
      "from pythae.models import AutoModel",
      "from pythae.samplers import NormalSampler",
      "",
      "# allow_pickle loads custom encoders/decoders saved as pickles: only do so for repositories you trust.",
      `model = AutoModel.load_from_hf_hub(hf_hub_path=${pyStr(model.id)}, allow_pickle=True)`,
      "",
      "sampler = NormalSampler(model=model)",
      `generated = sampler.sample(num_samples=${PYTHAE_SAMPLES})`,
    ),
  ];
}

// SwarmFormer ships two architectures; a checkpoint named "small" needs the small one.
const SWARMFORMER_SMALL_MARKER = "small";
const SWARMFORMER_SMALL = `MODEL_CONFIGS["small"]`;
const SWARMFORMER_BASE = `MODEL_CONFIGS["base"]`;

/**
 * SwarmFormer: the library's configuration for the checkpoint's size, pointed at this repository, loaded with
 * the library's loader (which also prepares the IMDb test set it was evaluated on), then run on one review.
 */
export function swarmformer(model: ModelRecord): string[] {
  const config = model.id.toLowerCase().includes(SWARMFORMER_SMALL_MARKER) ? SWARMFORMER_SMALL : SWARMFORMER_BASE;
  return [
    lines(
      "# pip install git+https://github.com/takara-ai/SwarmFormer",
      "from dataclasses import replace",
      "",
      "import torch",
      "from swarmformer.config import MODEL_CONFIGS",
      "from swarmformer.inference import get_device, load_trained_model",
      "",
      `config = replace(${config}, hf_model_id=${pyStr(model.id)})`,
      "device = get_device()",
      "model, test_dataset = load_trained_model(config, device)",
      "model.eval()",
      "",
      "tokens, label = test_dataset[0]",
      "with torch.no_grad():",
      "    logits = model(tokens.unsqueeze(0).to(device))",
      `print("predicted:", logits.argmax(dim=-1).item(), "label:", int(label))`,
    ),
  ];
}
