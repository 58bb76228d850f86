// Load snippets of text-to-speech libraries whose models load straight from the hub (or from one download).

import { flat, flattenLine, lines, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { siblingEndingWith } from "../model-readers.js";
import { TTS_TEXT_LITERAL } from "./audio-helpers.js";
import { hfDownloadPy, pipInstall, pyWidgetText } from "./common.js";

// Dia and Dia2 read dialogue scripts whose turns start with a speaker tag.
const DIALOGUE_TEXT = pyStr(
  "[S1] Dia is an open weights text to dialogue model. [S2] You get full control over scripts and voices.",
);
const DIA2_TEXT = pyStr("[S1] Hello Dia2!");

// ChatTTS generates 24 kHz audio.
const CHAT_TTS_SAMPLE_RATE = 24000;

const CHAT_TTS_CODE = template((downloadPy, widgetText) =>
  lines(
    "import ChatTTS",
    "import soundfile as sf",
    `${downloadPy}`,
    "",
    "chat = ChatTTS.Chat()",
    `chat.load(compile=False, source="custom", custom_path=local_dir)`,
    "",
    `wavs = chat.infer([${widgetText}])`,
    `sf.write("output.wav", wavs[0].squeeze(), ${CHAT_TTS_SAMPLE_RATE})`,
  ),
);

const CHAT_TTS_INSTALL = pipInstall("ChatTTS");

/** ChatTTS: the model files are downloaded, then loaded as a custom source. */
export function chatTts(model: ModelRecord): string[] {
  return [CHAT_TTS_INSTALL, CHAT_TTS_CODE(hfDownloadPy(model.id), pyWidgetText(model, TTS_TEXT_LITERAL))];
}

const CHATTERBOX_CODE = template((downloadPy, widgetText) =>
  lines(
    "import torchaudio as ta",
    "from chatterbox.tts import ChatterboxTTS",
    `${downloadPy}`,
    "",
    `model = ChatterboxTTS.from_local(local_dir, device="cuda")`,
    `wav = model.generate(${widgetText})`,
    `ta.save("output.wav", wav, model.sr)`,
  ),
);

const CHATTERBOX_INSTALL = pipInstall("chatterbox-tts");

/** Chatterbox: `from_pretrained` only knows Resemble AI's own repository, so other ids load from a download. */
export function chatterbox(model: ModelRecord): string[] {
  return [CHATTERBOX_INSTALL, CHATTERBOX_CODE(hfDownloadPy(model.id), pyWidgetText(model, TTS_TEXT_LITERAL))];
}

// Dia generates 44.1 kHz audio (spec §9's 44100 Hz example rate).
const DIA_SAMPLE_RATE = 44100;

const DIA_TTS_CODE = template((id, widgetText) =>
  lines(
    "import soundfile as sf",
    "from dia.model import Dia",
    "",
    `model = Dia.from_pretrained(${id}, compute_dtype="float16")`,
    "",
    `text = ${widgetText}`,
    "output = model.generate(text, use_torch_compile=False, verbose=True)",
    `sf.write("output.wav", output, ${DIA_SAMPLE_RATE})`,
  ),
);

const DIA_TTS_INSTALL = pipInstall("git+https://github.com/nari-labs/dia.git soundfile");

/** Dia: a dialogue TTS model; the clip is written at Dia's 44.1 kHz. */
export function diaTts(model: ModelRecord): string[] {
  return [DIA_TTS_INSTALL, DIA_TTS_CODE(pyStr(model.id), pyWidgetText(model, DIALOGUE_TEXT))];
}

const DIA2_CODE = template((id, widgetText) =>
  lines(
    "from dia2 import Dia2, GenerationConfig, SamplingConfig",
    "",
    `dia = Dia2.from_repo(${id}, device="cuda", dtype="bfloat16")`,
    "config = GenerationConfig(",
    "    cfg_scale=2.0,",
    "    audio=SamplingConfig(temperature=0.8, top_k=50),",
    "    use_cuda_graph=True,",
    ")",
    `result = dia.generate(${widgetText}, config=config, output_wav="output.wav", verbose=True)`,
  ),
);

const DIA2_INSTALL = pipInstall("git+https://github.com/nari-labs/dia2.git");

/** Dia2: loads a repository with `from_repo` and writes the generated dialogue to a wav file. */
export function dia2(model: ModelRecord): string[] {
  return [DIA2_INSTALL, DIA2_CODE(pyStr(model.id), pyWidgetText(model, DIA2_TEXT))];
}

// KittenTTS generates 24 kHz audio.
const KITTENTTS_SAMPLE_RATE = 24000;

// The wheel KittenTTS's README installs; later model releases ship newer wheels on the same releases page.
const KITTENTTS_INSTALL = flat(
  lines(
    "# Newer models may need a newer wheel: https://github.com/KittenML/KittenTTS/releases",
    "pip install https://github.com/KittenML/KittenTTS/releases/download/0.1/kittentts-0.1.0-py3-none-any.whl",
  ),
);

const KITTENTTS_CODE = template((id, widgetText) =>
  lines(
    "import soundfile as sf",
    "from kittentts import KittenTTS",
    "",
    `m = KittenTTS(${id})`,
    "# Voices of the first models: expr-voice-2-m, expr-voice-2-f, ..., expr-voice-5-m, expr-voice-5-f",
    `audio = m.generate(${widgetText}, voice="expr-voice-2-f")`,
    `sf.write("output.wav", audio, ${KITTENTTS_SAMPLE_RATE})`,
  ),
);

/** KittenTTS: a small CPU model; the model id is passed to the constructor. */
export function kittentts(model: ModelRecord): string[] {
  return [KITTENTTS_INSTALL, KITTENTTS_CODE(pyStr(model.id), pyWidgetText(model, TTS_TEXT_LITERAL))];
}

// MARS5's torch.hub entry point downloads the checkpoints CAMB.AI publishes (on GitHub and in this repository).
const MARS5_REPO = "CAMB-AI/MARS5-TTS";

const MARS5_TTS_INSTALL = pipInstall("torch", "torchaudio", "librosa", "vocos", "encodec", "safetensors");

/** MARS5: torch.hub builds the model from CAMB.AI's checkpoints (other `.pt` files can be passed); it clones a voice. */
export function mars5Tts(model: ModelRecord): string[] {
  return [
    MARS5_TTS_INSTALL,
    lines(
      "import librosa",
      "import torch",
      "import torchaudio",
      "",
      `# torch.hub fetches the MARS5 English checkpoints, the weights published as ${MARS5_REPO}.`,
      model.id !== MARS5_REPO &&
        `# For the weights of ${flattenLine(model.id)}, pass ar_path= and nar_path= (.pt checkpoint files) as well.`,
      `mars5, config_class = torch.hub.load("Camb-ai/mars5-tts", "mars5_english", trust_repo=True)`,
      "",
      "# A 2-12 s reference clip of the voice to clone, and its transcript for a deep clone.",
      `wav, sr = librosa.load("reference.wav", sr=mars5.sr, mono=True)`,
      "wav = torch.from_numpy(wav)",
      `ref_transcript = "The transcript of the reference audio."`,
      "",
      "cfg = config_class(deep_clone=True, rep_penalty_window=100, top_k=100, temperature=0.7, freq_penalty=3)",
      `ar_codes, output_audio = mars5.tts(${pyWidgetText(model, TTS_TEXT_LITERAL)}, wav, ref_transcript, cfg=cfg)`,
      `torchaudio.save("output.wav", output_audio.unsqueeze(0).cpu(), mars5.sr)`,
    ),
  ];
}

// Pocket TTS's built-in configs load the weights Kyutai publishes in this repository.
const POCKET_TTS_REPO = "kyutai/pocket-tts";

const POCKET_TTS_INSTALL = pipInstall("pocket-tts");

/** Pocket TTS: a CPU model; the built-in config loads Kyutai's weights, a config YAML can point at others. */
export function pocketTts(model: ModelRecord): string[] {
  return [
    POCKET_TTS_INSTALL,
    lines(
      "import scipy.io.wavfile",
      "from pocket_tts import TTSModel",
      "",
      `# load_model() loads the weights of its built-in config, published as ${POCKET_TTS_REPO}.`,
      model.id !== POCKET_TTS_REPO &&
        `# For ${flattenLine(model.id)}, pass config= a YAML whose weights_path is an hf:// path into that repository.`,
      "tts_model = TTSModel.load_model()",
      `voice_state = tts_model.get_state_for_audio_prompt("alba")`,
      `audio = tts_model.generate_audio(voice_state, ${pyWidgetText(model, TTS_TEXT_LITERAL)})`,
      `scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`,
    ),
  ];
}

// Vui's audio codec works at 22.05 kHz.
const VUI_SAMPLE_RATE = 22050;

const VUI_CODE = template((id, value, widgetText) =>
  lines(
    "import torchaudio",
    "from huggingface_hub import hf_hub_download",
    "from vui.inference import render",
    "from vui.model import Vui",
    "",
    `checkpoint = hf_hub_download(${id}, ${value})`,
    "model = Vui.from_pretrained(checkpoint).cuda()",
    `waveform = render(model, ${widgetText})`,
    `torchaudio.save("output.wav", waveform[0], ${VUI_SAMPLE_RATE})`,
  ),
);

const VUI_INSTALL = pipInstall("git+https://github.com/vui-ai/vui.git");

/** Vui: a checkpoint file of the repository (the first `.pt` listed, else the library's base one) is loaded. */
export function vui(model: ModelRecord): string[] {
  const checkpoint = siblingEndingWith(model, ".pt");
  return [
    VUI_INSTALL,
    VUI_CODE(pyStr(model.id), checkpoint ? pyStr(checkpoint) : "Vui.BASE", pyWidgetText(model, TTS_TEXT_LITERAL)),
  ];
}

const ZONOS_CODE = flat(
  lines(
    "# Zonos also needs eSpeak NG (apt install espeak-ng, or brew install espeak-ng).",
    "git clone https://github.com/Zyphra/Zonos.git && cd Zonos",
    "pip install -e .",
  ),
);

const ZONOS_CODE_2 = template((id, widgetText) =>
  lines(
    "import torchaudio",
    "from zonos.conditioning import make_cond_dict",
    "from zonos.model import Zonos",
    "",
    `model = Zonos.from_pretrained(${id}, device="cuda")`,
    "",
    `wav, sampling_rate = torchaudio.load("reference.wav")`,
    "speaker = model.make_speaker_embedding(wav, sampling_rate)",
    `cond_dict = make_cond_dict(text=${widgetText}, speaker=speaker, language="en-us")`,
    "conditioning = model.prepare_conditioning(cond_dict)",
    "codes = model.generate(conditioning)",
    "",
    "wavs = model.autoencoder.decode(codes).cpu()",
    `torchaudio.save("output.wav", wavs[0], model.autoencoder.sampling_rate)`,
  ),
);

/** Zonos: clones a speaker from a reference clip and writes the speech at the autoencoder's sampling rate. */
export function zonos(model: ModelRecord): string[] {
  return [ZONOS_CODE, ZONOS_CODE_2(pyStr(model.id), pyWidgetText(model, TTS_TEXT_LITERAL))];
}
