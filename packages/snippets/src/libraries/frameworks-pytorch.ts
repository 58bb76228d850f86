// Load snippets of PyTorch research libraries: fastai, pythae (VAEs) and SwarmFormer.

import { lines, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";

const FASTAI_CODE = template((id) =>
  lines(
    `# pip install -U "huggingface_hub[fastai]"`,
    "from huggingface_hub import from_pretrained_fastai",
    "",
    `learn = from_pretrained_fastai(${id})`,
    "# learn.predict(item) runs the model on one input, e.g. an image for a vision learner.",
  ),
);

/** fastai: the exported Learner loaded through the hub's fastai helper. */
export function fastai(model: ModelRecord): string[] {
  return [FASTAI_CODE(pyStr(model.id))];
}

const PYTHAE_SAMPLES = 4;

const PYTHAE_CODE = template((id) =>
  lines(
    "# pip install -U pythae",
    "from pythae.models import AutoModel",
    "from pythae.samplers import NormalSampler",
    "",
    "# allow_pickle loads custom encoders/decoders saved as pickles: only do so for repositories you trust.",
    `model = AutoModel.load_from_hf_hub(hf_hub_path=${id}, allow_pickle=True)`,
    "",
    "sampler = NormalSampler(model=model)",
    `generated = sampler.sample(num_samples=${PYTHAE_SAMPLES})`,
  ),
);

/** pythae: the autoencoder loaded by AutoModel from the hub, then sampled from its prior. */
export function pythae(model: ModelRecord): string[] {
  return [PYTHAE_CODE(pyStr(model.id))];
}

// SwarmFormer ships two architectures; a checkpoint named "small" needs the small one.
const SWARMFORMER_SMALL_MARKER = "small";
const SWARMFORMER_SMALL = `MODEL_CONFIGS["small"]`;
const SWARMFORMER_BASE = `MODEL_CONFIGS["base"]`;

const SWARMFORMER_CODE = template((config, id) =>
  lines(
    "# pip install git+https://github.com/takara-ai/SwarmFormer",
    "from dataclasses import replace",
    "",
    "import torch",
    "from swarmformer.config import MODEL_CONFIGS",
    "from swarmformer.inference import get_device, load_trained_model",
    "",
    `config = replace(${config}, hf_model_id=${id})`,
    "device = get_device()",
    "model, test_dataset = load_trained_model(config, device)",
    "model.eval()",
    "",
    "tokens, label = test_dataset[0]",
    "with torch.no_grad():",
    "    logits = model(tokens.unsqueeze(0).to(device))",
    `print("predicted:", logits.argmax(dim=-1).item(), "label:", int(label))`,
  ),
);

/**
 * SwarmFormer: the library's configuration for the checkpoint's size, pointed at this repository, loaded with
 * the library's loader (which also prepares the IMDb test set it was evaluated on), then run on one review.
 */
export function swarmformer(model: ModelRecord): string[] {
  const config = model.id.toLowerCase().includes(SWARMFORMER_SMALL_MARKER) ? SWARMFORMER_SMALL : SWARMFORMER_BASE;
  return [SWARMFORMER_CODE(config, pyStr(model.id))];
}
