// Load snippets of text-to-speech libraries whose models load straight from the hub (or from one download).
import { lines, pyComment, pyStr } from "../code/index.js";
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

/** ChatTTS: the model files are downloaded, then loaded as a custom source. */
export function chatTts(model: ModelRecord): string[] {
  return [
    pipInstall("ChatTTS"),
    lines(
      "import ChatTTS",
      "import soundfile as sf",
      hfDownloadPy(model.id),
      "",
      "chat = ChatTTS.Chat()",
      `chat.load(compile=False, source="custom", custom_path=local_dir)`,
      "",
      `wavs = chat.infer([${pyWidgetText(model, TTS_TEXT_LITERAL)}])`,
      `sf.write("output.wav", wavs[0].squeeze(), ${CHAT_TTS_SAMPLE_RATE})`,
    ),
  ];
}

/** Chatterbox: `from_pretrained` only knows Resemble AI's own repository, so other ids load from a download. */
export function chatterbox(model: ModelRecord): string[] {
  return [
    pipInstall("chatterbox-tts"),
    lines(
      "import torchaudio as ta",
      "from chatterbox.tts import ChatterboxTTS",
      hfDownloadPy(model.id),
      "",
      `model = ChatterboxTTS.from_local(local_dir, device="cuda")`,
      `wav = model.generate(${pyWidgetText(model, TTS_TEXT_LITERAL)})`,
      `ta.save("output.wav", wav, model.sr)`,
    ),
  ];
}

// Dia generates 44.1 kHz audio (spec §9's 44100 Hz example rate).
const DIA_SAMPLE_RATE = 44100;

/** Dia: a dialogue TTS model; the clip is written at Dia's 44.1 kHz. */
export function diaTts(model: ModelRecord): string[] {
  return [
    pipInstall("git+https://github.com/nari-labs/dia.git soundfile"),
    lines(
      "import soundfile as sf",
      "from dia.model import Dia",
      "",
      `model = Dia.from_pretrained(${pyStr(model.id)}, compute_dtype="float16")`,
      "",
      `text = ${pyWidgetText(model, DIALOGUE_TEXT)}`,
      "output = model.generate(text, use_torch_compile=False, verbose=True)",
      `sf.write("output.wav", output, ${DIA_SAMPLE_RATE})`,
    ),
  ];
}

/** Dia2: loads a repository with `from_repo` and writes the generated dialogue to a wav file. */
export function dia2(model: ModelRecord): string[] {
  return [
    pipInstall("git+https://github.com/nari-labs/dia2.git"),
    lines(
      "from dia2 import Dia2, GenerationConfig, SamplingConfig",
      "",
      `dia = Dia2.from_repo(${pyStr(model.id)}, device="cuda", dtype="bfloat16")`,
      "config = GenerationConfig(",
      "    cfg_scale=2.0,",
      "    audio=SamplingConfig(temperature=0.8, top_k=50),",
      "    use_cuda_graph=True,",
      ")",
      `result = dia.generate(${pyWidgetText(model, DIA2_TEXT)}, config=config, output_wav="output.wav", verbose=True)`,
    ),
  ];
}

// KittenTTS generates 24 kHz audio.
const KITTENTTS_SAMPLE_RATE = 24000;

// The wheel KittenTTS's README installs; later model releases ship newer wheels on the same releases page.
const KITTENTTS_INSTALL = lines(
  "# Newer models may need a newer wheel: https://github.com/KittenML/KittenTTS/releases",
  "pip install https://github.com/KittenML/KittenTTS/releases/download/0.1/kittentts-0.1.0-py3-none-any.whl",
);

/** KittenTTS: a small CPU model; the model id is passed to the constructor. */
export function kittentts(model: ModelRecord): string[] {
  return [
    KITTENTTS_INSTALL,
    lines(
      "import soundfile as sf",
      "from kittentts import KittenTTS",
      "",
      `m = KittenTTS(${pyStr(model.id)})`,
      "# Voices of the first models: expr-voice-2-m, expr-voice-2-f, ..., expr-voice-5-m, expr-voice-5-f",
      `audio = m.generate(${pyWidgetText(model, TTS_TEXT_LITERAL)}, voice="expr-voice-2-f")`,
      `sf.write("output.wav", audio, ${KITTENTTS_SAMPLE_RATE})`,
    ),
  ];
}

// MARS5's torch.hub entry point downloads the checkpoints CAMB.AI publishes (on GitHub and in this repository).
const MARS5_REPO = "CAMB-AI/MARS5-TTS";

/** MARS5: torch.hub builds the model from CAMB.AI's checkpoints (other `.pt` files can be passed); it clones a voice. */
export function mars5Tts(model: ModelRecord): string[] {
  return [
    pipInstall("torch", "torchaudio", "librosa", "vocos", "encodec", "safetensors"),
    lines(
      "import librosa",
      "import torch",
      "import torchaudio",
      "",
      `# torch.hub fetches the MARS5 English checkpoints, the weights published as ${MARS5_REPO}.`,
      model.id !== MARS5_REPO &&
        pyComment(`For the weights of ${model.id}, pass ar_path= and nar_path= (.pt checkpoint files) as well.`),
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

/** Pocket TTS: a CPU model; the built-in config loads Kyutai's weights, a config YAML can point at others. */
export function pocketTts(model: ModelRecord): string[] {
  return [
    pipInstall("pocket-tts"),
    lines(
      "import scipy.io.wavfile",
      "from pocket_tts import TTSModel",
      "",
      `# load_model() loads the weights of its built-in config, published as ${POCKET_TTS_REPO}.`,
      model.id !== POCKET_TTS_REPO &&
        pyComment(`For ${model.id}, pass config= a YAML whose weights_path is an hf:// path into that repository.`),
      "tts_model = TTSModel.load_model()",
      `voice_state = tts_model.get_state_for_audio_prompt("alba")`,
      `audio = tts_model.generate_audio(voice_state, ${pyWidgetText(model, TTS_TEXT_LITERAL)})`,
      `scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`,
    ),
  ];
}

// Vui's audio codec works at 22.05 kHz.
const VUI_SAMPLE_RATE = 22050;

/** Vui: a checkpoint file of the repository (the first `.pt` listed, else the library's base one) is loaded. */
export function vui(model: ModelRecord): string[] {
  const checkpoint = siblingEndingWith(model, ".pt");
  return [
    pipInstall("git+https://github.com/vui-ai/vui.git"),
    lines(
      "import torchaudio",
      "from huggingface_hub import hf_hub_download",
      "from vui.inference import render",
      "from vui.model import Vui",
      "",
      `checkpoint = hf_hub_download(${pyStr(model.id)}, ${checkpoint ? pyStr(checkpoint) : "Vui.BASE"})`,
      "model = Vui.from_pretrained(checkpoint).cuda()",
      `waveform = render(model, ${pyWidgetText(model, TTS_TEXT_LITERAL)})`,
      `torchaudio.save("output.wav", waveform[0], ${VUI_SAMPLE_RATE})`,
    ),
  ];
}

/** Zonos: clones a speaker from a reference clip and writes the speech at the autoencoder's sampling rate. */
export function zonos(model: ModelRecord): string[] {
  return [
    lines(
      "# Zonos also needs eSpeak NG (apt install espeak-ng, or brew install espeak-ng).",
      "git clone https://github.com/Zyphra/Zonos.git && cd Zonos",
      "pip install -e .",
    ),
    lines(
      "import torchaudio",
      "from zonos.conditioning import make_cond_dict",
      "from zonos.model import Zonos",
      "",
      `model = Zonos.from_pretrained(${pyStr(model.id)}, device="cuda")`,
      "",
      `wav, sampling_rate = torchaudio.load("reference.wav")`,
      "speaker = model.make_speaker_embedding(wav, sampling_rate)",
      `cond_dict = make_cond_dict(text=${pyWidgetText(model, TTS_TEXT_LITERAL)}, speaker=speaker, language="en-us")`,
      "conditioning = model.prepare_conditioning(cond_dict)",
      "codes = model.generate(conditioning)",
      "",
      "wavs = model.autoencoder.decode(codes).cpu()",
      `torchaudio.save("output.wav", wavs[0], model.autoencoder.sampling_rate)`,
    ),
  ];
}
