// Load snippets of audio libraries that generate: music and sound, speech dialogue models, audio-native LMs.

import { flat, indent, lines, pyStr, shQuote } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";

/** One model family of Audiocraft: its class and how the example sets the clip length. */
interface AudiocraftFamily {
  /** Class in `audiocraft.models`. */
  className: string;
  /** Example description (a Python literal) when the model has no widget text. */
  description: string;
  /** Generation-parameter line, when the family takes a duration (MAGNeT's is fixed by the checkpoint). */
  params?: string;
}

/** Audiocraft families, keyed by the tag that marks a model as one of them. */
const AUDIOCRAFT_FAMILIES = {
  musicgen: {
    className: "MusicGen",
    description: pyStr("happy rock"),
    params: "model.set_generation_params(duration=8)  # seconds",
  },
  audiogen: {
    className: "AudioGen",
    description: pyStr("dog barking"),
    params: "model.set_generation_params(duration=5)  # seconds",
  },
  magnet: { className: "MAGNeT", description: pyStr("80s electronic track with melodic synthesizers") },
} as const satisfies Record<string, AudiocraftFamily>;

// The clips the model returns, written one file each; constant, so built once.
const AUDIOCRAFT_WRITE = flat(
  lines(
    "for idx, one_wav in enumerate(wav):",
    indent(
      lines(
        "# Writes {idx}.wav at the model's sample rate, with loudness normalization.",
        `audio_write(f"{idx}", one_wav.cpu(), model.sample_rate, strategy="loudness")`,
      ),
    ),
  ),
);

const AUDIOCRAFT_INSTALL = pipInstall("audiocraft");

/**
 * Audiocraft: the family tag (`musicgen`, `audiogen` or `magnet`) picks the class; untagged models are
 * assumed to be MusicGen, the library's most common family. Clips are written at the model's own rate.
 */
export function audiocraft(model: ModelRecord): string[] {
  const key = hasTag(model, "audiogen") ? "audiogen" : hasTag(model, "magnet") ? "magnet" : "musicgen";
  const family: AudiocraftFamily = AUDIOCRAFT_FAMILIES[key];
  const assumed = key === "musicgen" && !hasTag(model, "musicgen");
  return [
    AUDIOCRAFT_INSTALL,
    lines(
      "from audiocraft.data.audio import audio_write",
      `from audiocraft.models import ${family.className}`,
      "",
      assumed && "# No family tag (musicgen, audiogen, magnet) on the model: loading it as MusicGen.",
      `model = ${family.className}.get_pretrained(${pyStr(model.id)})`,
      family.params,
      "",
      `descriptions = [${pyWidgetText(model, family.description)}]`,
      "wav = model.generate(descriptions)",
      "",
      AUDIOCRAFT_WRITE,
    ),
  ];
}

const STABLE_AUDIO_PROMPT = pyStr("128 BPM tech house drum loop");

// Sampling and writing the clip do not depend on the model; built once.
const STABLE_AUDIO_GENERATE = flat(
  lines(
    "output = generate_diffusion_cond(",
    indent(
      lines(
        "model,",
        "steps=100,",
        "cfg_scale=7,",
        "conditioning=conditioning,",
        "sample_size=sample_size,",
        "sigma_min=0.3,",
        "sigma_max=500,",
        `sampler_type="dpmpp-3m-sde",`,
        "device=device,",
      ),
    ),
    ")",
    "",
    "# Join the batch into one stereo track, peak-normalize it and write 16-bit audio.",
    `output = rearrange(output, "b d n -> d (b n)")`,
    "output = output.to(torch.float32).div(torch.max(torch.abs(output))).clamp(-1, 1).mul(32767).to(torch.int16).cpu()",
    `torchaudio.save("output.wav", output, sample_rate)`,
  ),
);

/** Stable Audio Tools: `get_pretrained_model` returns the model and its config (sample rate and size). */
export function stableAudioTools(model: ModelRecord): string[] {
  return [STABLE_AUDIO_INSTALL, STABLE_AUDIO_TOOLS_CODE(pyStr(model.id), pyWidgetText(model, STABLE_AUDIO_PROMPT))];
}

// The stable-audio-tools lines around the model id and the prompt, joined once.
const STABLE_AUDIO_INSTALL = pipInstall("stable-audio-tools");
const STABLE_AUDIO_IMPORTS = flat(
  lines(
    "import torch",
    "import torchaudio",
    "from einops import rearrange",
    "from stable_audio_tools import get_pretrained_model",
    "from stable_audio_tools.inference.generation import generate_diffusion_cond",
    "",
    `device = "cuda" if torch.cuda.is_available() else "cpu"`,
    "",
    "model, model_config = get_pretrained_model(",
  ),
);
const STABLE_AUDIO_SETUP = flat(
  lines(
    `sample_rate = model_config["sample_rate"]`,
    `sample_size = model_config["sample_size"]`,
    "model = model.to(device)",
    "",
    "conditioning = [",
  ),
);
const STABLE_AUDIO_TOOLS_CODE = template((id, widgetText) =>
  lines(
    `${STABLE_AUDIO_IMPORTS}${id})`,
    STABLE_AUDIO_SETUP,
    `    {"prompt": ${widgetText}, "seconds_start": 0, "seconds_total": 30},`,
    "]",
    STABLE_AUDIO_GENERATE,
  ),
);

const RENE_PROMPT = pyStr("Rene Descartes was");

const RENE_MLX_STREAM = flat(
  lines(
    "for text in model.generate(prompt, max_tokens=500, eval_every_n=5, verbose=True, top_p=0.99, temperature=0.85):",
    indent(`print(text, end="", flush=True)`),
  ),
);

const CARTESIA_MLX_CODE = template((id, widgetText) =>
  lines(
    "import mlx.core as mx",
    "import cartesia_mlx as cmx",
    "",
    `model = cmx.from_pretrained(${id})`,
    "model.set_dtype(mx.float32)",
    "",
    `prompt = ${widgetText}`,
    RENE_MLX_STREAM,
  ),
);

const CARTESIA_MLX_INSTALL = pipInstall("cartesia-mlx");

/** Cartesia MLX: a Rene or Mamba language model on Apple silicon, streaming its completion. */
export function cartesiaMlx(model: ModelRecord): string[] {
  return [CARTESIA_MLX_INSTALL, CARTESIA_MLX_CODE(pyStr(model.id), pyWidgetText(model, RENE_PROMPT))];
}

// Rene checkpoints ship no tokenizer of their own; Cartesia's examples use OLMo's.
const RENE_TOKENIZER_ID = "allenai/OLMo-1B-hf";

const CARTESIA_PYTORCH_CODE = template((id, widgetText) =>
  lines(
    "from cartesia_pytorch import ReneLMHeadModel",
    "from transformers import AutoTokenizer",
    "",
    `model = ReneLMHeadModel.from_pretrained(${id}).half().cuda()`,
    `tokenizer = AutoTokenizer.from_pretrained(${pyStr(RENE_TOKENIZER_ID)})`,
    "",
    `in_message = [${widgetText}]`,
    `inputs = tokenizer(in_message, return_tensors="pt")`,
    "outputs = model.generate(inputs.input_ids.cuda(), max_length=50, top_k=100, top_p=0.99)",
    "out_message = tokenizer.batch_decode(outputs, skip_special_tokens=True)[0]",
    "print(out_message)",
  ),
);

const CARTESIA_PYTORCH_INSTALL = pipInstall("--no-binary", ":all:", "cartesia-pytorch");

/** Cartesia PyTorch: a Rene language model with the OLMo tokenizer, generating on a GPU. */
export function cartesiaPytorch(model: ModelRecord): string[] {
  return [CARTESIA_PYTORCH_INSTALL, CARTESIA_PYTORCH_CODE(pyStr(model.id), pyWidgetText(model, RENE_PROMPT))];
}

/** The `-q` flag of moshi_mlx for a checkpoint quantized to 4 or 8 bits, read from its id. */
function moshiMlxQuantization(lowerId: string): string {
  if (lowerId.includes("q4")) return " -q 4";
  if (lowerId.includes("q8")) return " -q 8";
  return "";
}

const MOSHI_CODE = template((moshiMlxQuantization2, repo) =>
  lines(
    "pip install -U moshi_mlx",
    `python -m moshi_mlx.local_web${moshiMlxQuantization2} --hf-repo ${repo}`,
    "# then open the web UI at http://localhost:8998",
  ),
);

const MOSHI_CODE_2 = template((repo) =>
  lines(
    "pip install -U moshi",
    `python -m moshi.server --hf-repo ${repo}`,
    "# then open the web UI at http://localhost:8998",
  ),
);

/**
 * Moshi: speech-to-speech dialogue served with a local web UI. MLX checkpoints (tag `mlx` or `-mlx` in the
 * id) run with `moshi_mlx`, passing their quantization; the others with the PyTorch server.
 */
export function moshi(model: ModelRecord): string[] {
  const repo = shQuote(model.id);
  const lowerId = model.id.toLowerCase();
  if (hasTag(model, "mlx") || lowerId.includes("-mlx")) {
    return [MOSHI_CODE(moshiMlxQuantization(lowerId), repo)];
  }
  return [MOSHI_CODE_2(repo)];
}

// Kimi-Audio's detokenizer produces 24 kHz speech.
const KIMI_AUDIO_SAMPLE_RATE = 24000;

// The sampling settings and the two example conversations of Kimi-Audio's README; built once.
const KIMI_AUDIO_RUN = flat(
  lines(
    "sampling_params = {",
    indent(
      lines(
        `"audio_temperature": 0.8,`,
        `"audio_top_k": 10,`,
        `"text_temperature": 0.0,`,
        `"text_top_k": 5,`,
        `"audio_repetition_penalty": 1.0,`,
        `"audio_repetition_window_size": 64,`,
        `"text_repetition_penalty": 1.0,`,
        `"text_repetition_window_size": 16,`,
      ),
    ),
    "}",
    "",
    "# Speech recognition: text out.",
    "messages = [",
    indent(
      lines(
        `{"role": "user", "message_type": "text", "content": "Please transcribe the following audio:"},`,
        `{"role": "user", "message_type": "audio", "content": "speech.wav"},`,
      ),
    ),
    "]",
    `_, text = model.generate(messages, **sampling_params, output_type="text")`,
    "print(text)",
    "",
    "# Spoken conversation: speech and text out.",
    `messages = [{"role": "user", "message_type": "audio", "content": "question.wav"}]`,
    `wav, text = model.generate(messages, **sampling_params, output_type="both")`,
    `sf.write("answer.wav", wav.detach().cpu().view(-1).numpy(), ${KIMI_AUDIO_SAMPLE_RATE})`,
  ),
);

const KIMI_AUDIO_CODE = flat(
  lines(
    "git clone https://github.com/MoonshotAI/Kimi-Audio.git && cd Kimi-Audio",
    "git submodule update --init --recursive",
    "pip install -r requirements.txt",
  ),
);

const KIMI_AUDIO_CODE_2 = template((id) =>
  lines(
    "import soundfile as sf",
    "from kimia_infer.api.kimia import KimiAudio",
    "",
    `model = KimiAudio(model_path=${id}, load_detokenizer=True)`,
    "",
    KIMI_AUDIO_RUN,
  ),
);

/** Kimi-Audio: an audio LM run from a clone of its repository, transcribing and then answering in speech. */
export function kimiAudio(model: ModelRecord): string[] {
  return [KIMI_AUDIO_CODE, KIMI_AUDIO_CODE_2(pyStr(model.id))];
}
