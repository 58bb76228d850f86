// Load snippets of audio libraries that listen: recognition, diarization, separation and watermark detection.

import { flat, flattenLine, lines, pyStr, shQuote } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag, siblingEndingWith } from "../model-readers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall, pyWidgetText } from "./common.js";

const ASTEROID_CODE = template((id) =>
  lines(
    "from asteroid.models import BaseModel",
    "",
    `model = BaseModel.from_pretrained(${id})`,
    "",
    "# The mixture must be sampled at model.sample_rate; the estimated sources are written next to it.",
    `model.separate("mixture.wav")`,
  ),
);

const ASTEROID_INSTALL = pipInstall("asteroid");

/** Asteroid: a source-separation model loaded with `BaseModel.from_pretrained`, run on a mixture file. */
export function asteroid(model: ModelRecord): string[] {
  return [ASTEROID_INSTALL, ASTEROID_CODE(pyStr(model.id))];
}

// AudioSeal's generator and detector work on 16 kHz audio; its bundled model cards point at this repository.
const AUDIOSEAL_SAMPLE_RATE = 16000;
const AUDIOSEAL_REPO = "facebook/audioseal";

const AUDIOSEAL_INSTALL = pipInstall("audioseal");

/** AudioSeal: watermark a waveform with the generator, then find the watermark with the detector. */
export function audioseal(model: ModelRecord): string[] {
  return [
    AUDIOSEAL_INSTALL,
    lines(
      "import torch",
      "from audioseal import AudioSeal",
      "",
      `# The model cards bundled with audioseal load the checkpoints published as ${AUDIOSEAL_REPO}.`,
      model.id !== AUDIOSEAL_REPO &&
        `# For ${flattenLine(model.id)}, pass the path of a checkpoint file that embeds its config (xp.cfg) instead.`,
      `generator = AudioSeal.load_generator("audioseal_wm_16bits")`,
      `detector = AudioSeal.load_detector("audioseal_detector_16bits")`,
      "",
      `# A batch of ${AUDIOSEAL_SAMPLE_RATE} Hz audio shaped (batch, channels, samples); here one second of noise.`,
      `sample_rate = ${AUDIOSEAL_SAMPLE_RATE}`,
      "wav = torch.randn(1, 1, sample_rate)",
      "watermarked = wav + generator.get_watermark(wav, sample_rate)",
      "",
      "result, message = detector.detect_watermark(watermarked, sample_rate)",
      "print(result, message)",
    ),
  ];
}

// ESPnet's speech recognition recipes are trained on 16 kHz audio.
const ESPNET_ASR_SAMPLE_RATE = 16000;
const ESPNET_TTS_TEXT = pyStr("Hello, this is a test run.");

/** The ESPnet task a model is for: its pipeline tag first, then its tags. */
function espnetTask(model: ModelRecord): "tts" | "asr" | undefined {
  const task = model.pipeline_tag;
  if (task === "text-to-speech" || (task === undefined && hasTag(model, "text-to-speech"))) return "tts";
  if (task === "automatic-speech-recognition" || (task === undefined && hasTag(model, "automatic-speech-recognition")))
    return "asr";
  return undefined;
}

const ESPNET_TTS_CODE = template((id, widgetText) =>
  lines(
    "import soundfile as sf",
    "from espnet2.bin.tts_inference import Text2Speech",
    "",
    `text2speech = Text2Speech.from_pretrained(${id})`,
    "",
    `speech = text2speech(${widgetText})["wav"]`,
    `sf.write("output.wav", speech.numpy(), text2speech.fs, "PCM_16")`,
  ),
);

function espnetTts(model: ModelRecord): string {
  return ESPNET_TTS_CODE(pyStr(model.id), pyWidgetText(model, ESPNET_TTS_TEXT));
}

const ESPNET_ASR_CODE = template((id) =>
  lines(
    "import librosa",
    "from espnet2.bin.asr_inference import Speech2Text",
    "",
    `speech2text = Speech2Text.from_pretrained(${id})`,
    "",
    `# ESPnet ASR models are trained on ${ESPNET_ASR_SAMPLE_RATE} Hz audio: resample while loading.`,
    `speech, rate = librosa.load("speech.wav", sr=${ESPNET_ASR_SAMPLE_RATE})`,
    "text, *_ = speech2text(speech)[0]",
    "print(text)",
  ),
);

function espnetAsr(model: ModelRecord): string {
  return ESPNET_ASR_CODE(pyStr(model.id));
}

const ESPNET_CODE = template((espnetTts2) =>
  lines("# Unknown pipeline tag", "# For a text-to-speech model:", `${espnetTts2}`),
);

const ESPNET_CODE_2 = template((espnetAsr2) => lines("# For a speech recognition model:", `${espnetAsr2}`));

const ESPNET_INSTALL = pipInstall("espnet", "espnet_model_zoo");

/**
 * ESPnet: `Text2Speech` for text-to-speech models, `Speech2Text` for speech recognition, chosen by the
 * pipeline tag (or, without one, the tags). For any other task both are shown after the spec's fallback text.
 */
export function espnet(model: ModelRecord): string[] {
  const install = ESPNET_INSTALL;
  const task = espnetTask(model);
  if (task === "tts") return [install, espnetTts(model)];
  if (task === "asr") return [install, espnetAsr(model)];
  return [install, ESPNET_CODE(espnetTts(model)), ESPNET_CODE_2(espnetAsr(model))];
}

/**
 * OpenASR: a Rust CLI running `.oasr` model packs. The snippet builds it, downloads the model's pack and
 * transcribes a file with `--model-pack`; the pack's file name comes from the record's file list when known.
 */
export function openasr(model: ModelRecord): string[] {
  const pack = siblingEndingWith(model, ".oasr");
  const download = pack
    ? `hf download ${shQuote(model.id)} ${shQuote(pack)} --local-dir ${LOCAL_DOWNLOAD_DIR}`
    : `hf download ${shQuote(model.id)} --include '*.oasr' --local-dir ${LOCAL_DOWNLOAD_DIR}`;
  const packPath = pack ? shQuote(`${LOCAL_DOWNLOAD_DIR}/${pack}`) : `"$(ls ${LOCAL_DOWNLOAD_DIR}/*.oasr | head -n 1)"`;
  return [
    lines(
      "git clone --recurse-submodules https://github.com/QuintinShaw/openasr.git && cd openasr",
      "cargo build --release -p openasr-cli",
      download,
      !pack && "# The repository may hold several quantizations of the pack; this runs the first one.",
      `target/release/openasr transcribe audio.wav --model-pack ${packPath}`,
    ),
  ];
}

/** The folder of a WhisperKit model variant, from the path of one of its Core ML files. */
function whisperkitVariant(model: ModelRecord): string | undefined {
  const file = siblingEndingWith(model, ".mlmodelc/model.mil");
  if (file === undefined) return undefined;
  const bundle = file.lastIndexOf("/", file.length - ".mlmodelc/model.mil".length);
  return file.slice(0, Math.max(bundle, 0));
}

// The WhisperKit lines around the download when the variant is not known, joined once.
const WHISPERKIT_ALL_VARIANTS = flat(
  lines(
    "brew install whisperkit-cli",
    "# A repository with several model variants: add --include '<variant folder>/*' to download only one.",
  ),
);
const WHISPERKIT_RUN_FOLDER = flat(
  lines(
    "# --model-path is the folder holding AudioEncoder.mlmodelc: the download, or one of its variant folders.",
    `whisperkit-cli transcribe --model-path ${LOCAL_DOWNLOAD_DIR} --audio-path audio.wav`,
  ),
);

const WHISPERKIT_CODE = template((downloadSh) =>
  lines(WHISPERKIT_ALL_VARIANTS, `${downloadSh}`, WHISPERKIT_RUN_FOLDER),
);

/**
 * WhisperKit: Core ML Whisper models for Apple silicon, run here with the Homebrew CLI. When the record
 * lists its files, only the first model variant is downloaded and passed as `--model-path`.
 */
export function whisperkit(model: ModelRecord): string[] {
  const variant = whisperkitVariant(model);
  if (variant === undefined) return [WHISPERKIT_CODE(hfDownloadSh(model.id))];
  const include = variant === "" ? "" : ` --include ${shQuote(`${variant}/*`)}`;
  const path = variant === "" ? LOCAL_DOWNLOAD_DIR : shQuote(`${LOCAL_DOWNLOAD_DIR}/${variant}`);
  return [
    lines(
      "brew install whisperkit-cli",
      variant !== "" && `# Downloads the ${flattenLine(variant)} variant only.`,
      `hf download ${shQuote(model.id)}${include} --local-dir ${LOCAL_DOWNLOAD_DIR}`,
      `whisperkit-cli transcribe --model-path ${path} --audio-path audio.wav`,
    ),
  ];
}

const PYANNOTE_AUDIO_CODE = template((id) =>
  lines(
    "import os",
    "",
    "from pyannote.audio import Pipeline",
    "",
    "# Accept the model's user conditions on the hub first; HF_TOKEN holds your access token.",
    `pipeline = Pipeline.from_pretrained(${id}, token=os.environ["HF_TOKEN"])`,
    "",
    `output = pipeline("audio.wav")`,
    "print(output)",
  ),
);

const PYANNOTE_AUDIO_CODE_2 = template((id) =>
  lines(
    "import os",
    "",
    "from pyannote.audio import Inference, Model",
    "",
    "# Accept the model's user conditions on the hub first; HF_TOKEN holds your access token.",
    `model = Model.from_pretrained(${id}, token=os.environ["HF_TOKEN"])`,
    "inference = Inference(model)",
    "",
    `output = inference("audio.wav")`,
    "print(output)",
  ),
);

const PYANNOTE_AUDIO_INSTALL = pipInstall("pyannote.audio");

/**
 * pyannote.audio: repositories tagged `pyannote-audio-pipeline` hold a full pipeline (e.g. speaker
 * diarization); the others hold a model run through `Inference`. Both are gated, hence the token.
 */
export function pyannoteAudio(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  const install = PYANNOTE_AUDIO_INSTALL;
  if (hasTag(model, "pyannote-audio-pipeline")) {
    return [install, PYANNOTE_AUDIO_CODE(id)];
  }
  return [install, PYANNOTE_AUDIO_CODE_2(id)];
}
