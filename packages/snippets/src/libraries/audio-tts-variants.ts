// Load snippets of text-to-speech libraries whose API depends on the model variant, named in its id or tags.

import { flat, lines, pyStr, shQuote } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag, siblingEndingWith } from "../model-readers.js";
import { TTS_TEXT_LITERAL } from "./audio-helpers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall, pyWidgetText } from "./common.js";

/** One IndexTTS generation: the lines loading it from the checkpoint folder, and its `infer` call. */
interface IndexTtsVersion {
  /** Import and constructor, reading `config.yaml` and the weights from the downloaded folder. */
  load: string;
  /** The call cloning the voice of a reference clip of the repository's examples. */
  infer: string;
}

/** The lines importing and building one IndexTTS generation; `options` are its extra constructor arguments. */
function indexTtsLoad(module: string, className: string, options: string): string {
  const folder = `cfg_path=${pyStr(`${LOCAL_DOWNLOAD_DIR}/config.yaml`)}, model_dir=${pyStr(LOCAL_DOWNLOAD_DIR)}`;
  return flat(lines(`from ${module} import ${className}`, "", `tts = ${className}(${folder}${options})`));
}

// Built once: nothing in them depends on the model.
const INDEX_TTS_VERSIONS = {
  v1: {
    load: indexTtsLoad("indextts.infer", "IndexTTS", ""),
    infer: `tts.infer("examples/voice_01.wav", text, "output.wav")`,
  },
  v2: {
    load: indexTtsLoad("indextts.infer_v2", "IndexTTS2", ", use_fp16=False"),
    infer: `tts.infer(spk_audio_prompt="examples/voice_01.wav", text=text, output_path="output.wav", verbose=True)`,
  },
  v25: {
    load: indexTtsLoad("indextts.infer_v2_5", "IndexTTS2", ", use_bf16=True"),
    infer: `tts.infer(spk_audio_prompt="examples/voice_01.wav", text=text, lang="EN", output_path="output.wav", verbose=True)`,
  },
} as const satisfies Record<string, IndexTtsVersion>;

const INDEX_TTS_SETUP = flat(
  lines(
    "git clone https://github.com/index-tts/index-tts.git && cd index-tts",
    "git lfs pull",
    "pip install -U uv",
    "uv sync --all-extras",
    `uv tool install "huggingface-hub[cli,hf_xet]"`,
  ),
);

const INDEX_TTS_CODE = template((downloadSh) => lines(INDEX_TTS_SETUP, `${downloadSh}`));

const INDEX_TTS_CODE_2 = template((load, widgetText, infer) =>
  lines(
    `# Run inside the clone: PYTHONPATH="$PYTHONPATH:." uv run example.py`,
    `${load}`,
    `text = ${widgetText}`,
    `${infer}`,
  ),
);

/**
 * IndexTTS: the release named in the id (IndexTTS-2.5, IndexTTS-2, else the first generation) picks the
 * inference module. The repository is cloned, the model downloaded into its checkpoints folder, and run with uv.
 */
export function indexTts(model: ModelRecord): string[] {
  const lowerId = model.id.toLowerCase();
  const version: IndexTtsVersion = lowerId.includes("indextts-2.5")
    ? INDEX_TTS_VERSIONS.v25
    : lowerId.includes("indextts-2")
      ? INDEX_TTS_VERSIONS.v2
      : INDEX_TTS_VERSIONS.v1;
  return [
    INDEX_TTS_CODE(hfDownloadSh(model.id)),
    INDEX_TTS_CODE_2(version.load, pyWidgetText(model, TTS_TEXT_LITERAL), version.infer),
  ];
}

/** The OuteTTS interface version a checkpoint needs: 0.1/0.2 models use V1, 0.3 models V2, later ones V3. */
function outettsInterface(lowerId: string): "V1" | "V2" | "V3" {
  if (lowerId.includes("0.1-") || lowerId.includes("0.2-")) return "V1";
  if (lowerId.includes("0.3-")) return "V2";
  return "V3";
}

const OUTETTS_WEIGHTS_CODE = template((id, str) =>
  lines("from huggingface_hub import hf_hub_download", "", `model_path = hf_hub_download(${id}, ${str})`),
);

const OUTETTS_WEIGHTS_CODE_2 = template((id) =>
  lines(
    "from huggingface_hub import hf_hub_download, list_repo_files",
    "",
    "# The repository holds one GGUF file per quantization: this takes the first.",
    `gguf_file = next(f for f in list_repo_files(${id}) if f.endswith(".gguf"))`,
    `model_path = hf_hub_download(${id}, gguf_file)`,
  ),
);

/** Where OuteTTS reads the weights from: the repository itself, or one GGUF file of it run on llama.cpp. */
function outettsWeights(
  model: ModelRecord,
  lowerId: string,
): { setup: string | false; model: string; tokenizer: string } {
  const id = pyStr(model.id);
  if (!hasTag(model, "gguf") && !lowerId.endsWith("-gguf")) return { setup: false, model: id, tokenizer: id };
  const file = siblingEndingWith(model, ".gguf");
  // OuteAI publishes GGUF weights in "<repo>-GGUF"; the tokenizer lives in the original repository.
  const tokenizer = lowerId.endsWith("-gguf") ? model.id.slice(0, -"-gguf".length) : model.id;
  const setup = file ? OUTETTS_WEIGHTS_CODE(id, pyStr(file)) : OUTETTS_WEIGHTS_CODE_2(id);
  return { setup, model: "model_path", tokenizer: pyStr(tokenizer) };
}

// The OuteTTS lines that do not name the model, joined once.
const OUTETTS_INSTALL = pipInstall("outetts");
const OUTETTS_INSTALL_LLAMACPP = pipInstall("outetts", "llama-cpp-python");
const OUTETTS_INTERFACE_OPEN = flat(lines("", "interface = outetts.Interface(", "    config=outetts.ModelConfig("));
const OUTETTS_HF_CLOSE = flat(lines("        backend=outetts.Backend.HF,", "    )", ")"));
const OUTETTS_LLAMACPP_CLOSE = flat(lines("        backend=outetts.Backend.LLAMACPP,", "    )", ")"));
const OUTETTS_GENERATE = flat(lines("", "output = interface.generate("));
const OUTETTS_DEFAULT_SPEAKER = flat(
  lines(`speaker = interface.load_default_speaker("EN-FEMALE-1-NEUTRAL")`, OUTETTS_GENERATE),
);
const OUTETTS_CLONED_SPEAKER = flat(lines(`speaker = interface.create_speaker("reference.wav")`, OUTETTS_GENERATE));
const OUTETTS_SAVE = flat(lines(")", `output.save("output.wav")`));

/**
 * OuteTTS: the model and its tokenizer load with the transformers backend (GGUF repositories: one file on
 * llama.cpp); the interface version follows the release in the id. V3 models ship default speakers, older
 * ones clone a speaker from a reference clip.
 */
export function outetts(model: ModelRecord): string[] {
  const lowerId = model.id.toLowerCase();
  const version = outettsInterface(lowerId);
  const weights = outettsWeights(model, lowerId);
  return [
    weights.setup ? OUTETTS_INSTALL_LLAMACPP : OUTETTS_INSTALL,
    OUTETTS_CODE(
      weights.setup ? `\n${weights.setup}` : "",
      weights.model,
      weights.tokenizer,
      version,
      weights.setup ? OUTETTS_LLAMACPP_CLOSE : OUTETTS_HF_CLOSE,
      version === "V3" ? OUTETTS_DEFAULT_SPEAKER : OUTETTS_CLONED_SPEAKER,
      pyWidgetText(model, TTS_TEXT_LITERAL),
    ),
  ];
}

// The OuteTTS snippet joined once; `setup` is empty or the weight download with its leading line break.
const OUTETTS_CODE = template((setup, modelPath, tokenizer, version, close, speaker, text) =>
  lines(
    `import outetts${setup}`,
    OUTETTS_INTERFACE_OPEN,
    `        model_path=${modelPath},`,
    `        tokenizer_path=${tokenizer},`,
    `        interface_version=outetts.InterfaceVersion.${version},`,
    `${close}`,
    `${speaker}`,
    `    config=outetts.GenerationConfig(text=${text}, speaker=speaker)`,
    OUTETTS_SAVE,
  ),
);

/** The call each Qwen3-TTS variant documents, after `model` is loaded; `text` is a Python string literal. */
const QWEN3_TTS_CALLS = {
  customVoice: (text: string) =>
    lines(
      "wavs, sr = model.generate_custom_voice(",
      `    text=${text},`,
      `    language="English",`,
      `    speaker="Ryan",`,
      ")",
    ),
  voiceDesign: (text: string) =>
    lines(
      "wavs, sr = model.generate_voice_design(",
      `    text=${text},`,
      `    language="English",`,
      `    instruct="Speak in an incredulous tone, but with a hint of panic beginning to creep into your voice.",`,
      ")",
    ),
  base: (text: string) =>
    lines(
      "# The base model clones the voice of a reference clip, given its transcript.",
      "wavs, sr = model.generate_voice_clone(",
      `    text=${text},`,
      `    language="English",`,
      `    ref_audio="reference.wav",`,
      `    ref_text="The transcript of the reference audio.",`,
      ")",
    ),
} as const;

const QWEN3_TTS_CODE = template((id) =>
  lines(
    "import soundfile as sf",
    "from qwen_tts import Qwen3TTSTokenizer",
    "",
    `tokenizer = Qwen3TTSTokenizer.from_pretrained(${id}, device_map="cuda:0")`,
    `enc = tokenizer.encode("speech.wav")`,
    "wavs, sr = tokenizer.decode(enc)",
    `sf.write("decoded.wav", wavs[0], sr)`,
  ),
);

const QWEN3_TTS_CODE_2 = template((id, call) =>
  lines(
    "import soundfile as sf",
    "import torch",
    "from qwen_tts import Qwen3TTSModel",
    "",
    `model = Qwen3TTSModel.from_pretrained(${id}, device_map="cuda:0", dtype=torch.bfloat16)`,
    "",
    `${call}`,
    `sf.write("output.wav", wavs[0], sr)`,
  ),
);

const QWEN3_TTS_INSTALL = pipInstall("qwen-tts");

/**
 * Qwen3-TTS: the variant in the id picks the call: `CustomVoice` models speak with a built-in speaker,
 * `VoiceDesign` models follow a voice description, base models clone a voice; the tokenizer encodes and decodes.
 */
export function qwen3Tts(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  if (model.id.includes("Tokenizer")) {
    return [QWEN3_TTS_INSTALL, QWEN3_TTS_CODE(id)];
  }
  const call = model.id.includes("CustomVoice")
    ? QWEN3_TTS_CALLS.customVoice
    : model.id.includes("VoiceDesign")
      ? QWEN3_TTS_CALLS.voiceDesign
      : QWEN3_TTS_CALLS.base;
  return [QWEN3_TTS_INSTALL, QWEN3_TTS_CODE_2(id, call(pyWidgetText(model, TTS_TEXT_LITERAL)))];
}

// The repository's examples read their ONNX models and voice styles from this folder.
const SUPERTONIC_ASSETS_DIR = "assets";

const SUPERTONIC_CODE = template((widgetText) =>
  lines(
    "from supertonic import TTS",
    "",
    "# The SDK downloads Supertone's published model on first use; its audio is 44.1 kHz.",
    "tts = TTS(auto_download=True)",
    `style = tts.get_voice_style(voice_name="M1")`,
    `wav, duration = tts.synthesize(text=${widgetText}, lang="en", voice_style=style)`,
    `tts.save_audio(wav, "output.wav")`,
  ),
);

const SUPERTONIC_CODE_2 = template((downloadSh) =>
  lines(
    "git clone https://github.com/supertone-inc/supertonic.git && cd supertonic",
    `${downloadSh}`,
    "cd py && uv sync && uv run example_onnx.py",
  ),
);

const SUPERTONIC_INSTALL = pipInstall("supertonic");

/** Supertonic: the Python SDK (which fetches Supertone's model), and the repository's ONNX example on this one. */
export function supertonic(model: ModelRecord): string[] {
  return [
    SUPERTONIC_INSTALL,
    SUPERTONIC_CODE(pyWidgetText(model, TTS_TEXT_LITERAL)),
    SUPERTONIC_CODE_2(hfDownloadSh(model.id, SUPERTONIC_ASSETS_DIR)),
  ];
}

const VIBEVOICE_CODE = template((run) =>
  lines("git clone https://github.com/microsoft/VibeVoice.git && cd VibeVoice", "pip install -e .", `${run}`),
);

/** VibeVoice: the repository's demo scripts, for the long-form, realtime or speech recognition variant. */
export function vibevoice(model: ModelRecord): string[] {
  const repo = shQuote(model.id);
  const lowerId = model.id.toLowerCase();
  const run = lowerId.includes("asr")
    ? `python demo/vibevoice_asr_inference_from_file.py --model_path ${repo} --audio_files audio.wav`
    : lowerId.includes("realtime")
      ? `python demo/realtime_model_inference_from_file.py --model_path ${repo} --txt_path demo/text_examples/1p_vibevoice.txt --speaker_name Carter`
      : `python demo/inference_from_file.py --model_path ${repo} --txt_path demo/text_examples/1p_abs.txt --speaker_names Alice`;
  return [VIBEVOICE_CODE(run)];
}

// VoiceCraft's Encodec tokenizer works on 16 kHz audio; the tokenizer weights live beside the original checkpoints.
const VOICECRAFT_SAMPLE_RATE = 16000;
const VOICECRAFT_ENCODEC_REPO = "pyp1/VoiceCraft";
const VOICECRAFT_ENCODEC_FILE = "encodec_4cb2048_giga.th";

const VOICECRAFT_CODE = flat(
  lines(
    "git clone https://github.com/jasonppy/VoiceCraft.git && cd VoiceCraft",
    "# then set up the environment as its README describes (espeak-ng, audiocraft, requirements)",
  ),
);

const VOICECRAFT_CODE_2 = template((id) =>
  lines(
    "from huggingface_hub import hf_hub_download",
    "",
    "from data.tokenizer import AudioTokenizer, TextTokenizer",
    "from models import voicecraft",
    "",
    `model = voicecraft.VoiceCraft.from_pretrained(${id})`,
    "phn2num = model.args.phn2num",
    "config = vars(model.args)",
    `model.to("cuda")`,
    "",
    `encodec_fn = hf_hub_download(${pyStr(VOICECRAFT_ENCODEC_REPO)}, ${pyStr(VOICECRAFT_ENCODEC_FILE)})`,
    `audio_tokenizer = AudioTokenizer(signature=encodec_fn, device="cuda")`,
    `text_tokenizer = TextTokenizer(backend="espeak")`,
    `codec_audio_sr = ${VOICECRAFT_SAMPLE_RATE}  # pass in decode_config to inference_tts_scale.inference_one_sample`,
  ),
);

/** VoiceCraft: run from a clone of its repository; loads the model and the text and audio tokenizers. */
export function voicecraft(model: ModelRecord): string[] {
  return [VOICECRAFT_CODE, VOICECRAFT_CODE_2(pyStr(model.id))];
}

const VOXCPM_CODE = template((id, widgetText) =>
  lines(
    "import soundfile as sf",
    "from voxcpm import VoxCPM",
    "",
    `model = VoxCPM.from_pretrained(${id})`,
    `wav = model.generate(text=${widgetText}, cfg_value=2.0, inference_timesteps=10)`,
    `sf.write("output.wav", wav, model.tts_model.sample_rate)`,
  ),
);

const VOXCPM_INSTALL = pipInstall("voxcpm");

/** VoxCPM: tokenizer-free TTS; the clip is written at the model's own sample rate (16, 44.1 or 48 kHz). */
export function voxcpm(model: ModelRecord): string[] {
  return [VOXCPM_INSTALL, VOXCPM_CODE(pyStr(model.id), pyWidgetText(model, TTS_TEXT_LITERAL))];
}
