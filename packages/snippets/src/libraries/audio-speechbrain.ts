// SpeechBrain: `config.speechbrain.speechbrain_interface` names the inference class a model is loaded with.

import { flat, lines, pyComment, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { ownEntry } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";

/** One SpeechBrain inference interface: where it lives and how the snippet runs it. */
interface SpeechBrainInterface {
  /** Module under `speechbrain.inference` that defines the class. */
  module: string;
  /** What the example feeds the model: an audio file, a sentence, or a mel spectrogram. */
  input: "audio" | "text" | "mel";
  /** Python lines calling `model`; `text` is a Python string literal, used by text inputs only. */
  run: (text: string) => string;
  /** Text-to-mel models need a vocoder to produce a waveform. */
  needsVocoder?: true;
  /** A module `run` uses besides the interface class. */
  extraImport?: string;
}

// SpeechBrain's enhancement models work on 16 kHz speech; its LJSpeech TTS and vocoders produce 22.05 kHz.
const SPEECHBRAIN_ENHANCEMENT_SAMPLE_RATE = 16000;
const SPEECHBRAIN_TTS_SAMPLE_RATE = 22050;

const CLASSIFY_CODE = flat(
  lines(`out_prob, score, index, text_lab = model.classify_file("example.wav")`, "print(text_lab)"),
);

const classify = () => CLASSIFY_CODE;
const transcribe = () => `print(model.transcribe_file("example.wav"))`;
const ENHANCE_CODE = flat(
  lines(
    `enhanced = model.enhance_file("example.wav")`,
    `torchaudio.save("enhanced.wav", enhanced.unsqueeze(0).cpu(), ${SPEECHBRAIN_ENHANCEMENT_SAMPLE_RATE})`,
  ),
);

const enhance = () => ENHANCE_CODE;

/** SpeechBrain's inference interfaces (speechbrain.inference.*) and the call each model card documents. */
const SPEECHBRAIN_INTERFACES: Readonly<Record<string, SpeechBrainInterface>> = {
  AudioClassifier: { module: "classifiers", input: "audio", run: classify },
  EncoderASR: { module: "ASR", input: "audio", run: transcribe },
  EncoderClassifier: { module: "classifiers", input: "audio", run: classify },
  EncoderDecoderASR: { module: "ASR", input: "audio", run: transcribe },
  EncoderDecoderS2UT: { module: "ST", input: "audio", run: () => `codes = model.translate_file("example.wav")` },
  EndToEndSLU: { module: "SLU", input: "audio", run: () => `print(model.decode_file("example.wav"))` },
  FastSpeech2: {
    module: "TTS",
    input: "text",
    run: (text) => `mel_output, durations, pitch, energy = model.encode_text([${text}])`,
    needsVocoder: true,
  },
  GraphemeToPhoneme: { module: "text", input: "text", run: (text) => `print(model(${text}))` },
  HIFIGAN: {
    module: "vocoders",
    input: "mel",
    extraImport: "import torch",
    run: () =>
      lines(
        "# A batch of 80-band mel spectrograms, as a text-to-mel model produces them.",
        "mel_specs = torch.rand(2, 80, 298)",
        "waveforms = model.decode_batch(mel_specs)",
      ),
  },
  SepformerSeparation: {
    module: "separation",
    input: "audio",
    run: () => lines(`est_sources = model.separate_file("example.wav")`, "print(est_sources.shape)"),
  },
  SpeakerRecognition: {
    module: "speaker",
    input: "audio",
    run: () =>
      lines(`score, prediction = model.verify_files("speaker1.wav", "speaker2.wav")`, "print(score, prediction)"),
  },
  SpectralMaskEnhancement: { module: "enhancement", input: "audio", run: enhance, extraImport: "import torchaudio" },
  Speech_Emotion_Diarization: {
    module: "diarization",
    input: "audio",
    run: () => `print(model.diarize_file("example.wav"))`,
  },
  StreamingASR: {
    module: "ASR",
    input: "audio",
    run: () => `print(model.transcribe_file("example.wav", DynChunkTrainConfig(24, 8)))`,
    extraImport: "from speechbrain.utils.dynamic_chunk_training import DynChunkTrainConfig",
  },
  Tacotron2: {
    module: "TTS",
    input: "text",
    run: (text) => `mel_output, mel_length, alignment = model.encode_text(${text})`,
    needsVocoder: true,
  },
  VAD: {
    module: "VAD",
    input: "audio",
    run: () => lines(`boundaries = model.get_speech_segments("example.wav")`, "model.save_boundaries(boundaries)"),
  },
  WaveformEncoder: { module: "encoders", input: "audio", run: () => `embeddings = model.encode_file("example.wav")` },
  WaveformEnhancement: { module: "enhancement", input: "audio", run: enhance, extraImport: "import torchaudio" },
  WhisperASR: { module: "ASR", input: "audio", run: transcribe },
};

/** Vocoders a text-to-mel model's config may name in `vocoder_interface`, with the decode call of each. */
const SPEECHBRAIN_VOCODERS: Readonly<Record<string, string>> = {
  DiffWaveVocoder:
    "waveforms = vocoder.decode_batch(mel_output, hop_len=256, fast_sampling=True, " +
    "fast_sampling_noise_schedule=[0.0001, 0.001, 0.01, 0.05, 0.2, 0.5])",
  HIFIGAN: "waveforms = vocoder.decode_batch(mel_output)",
};

// Used when the config names no vocoder: SpeechBrain's LJSpeech HiFi-GAN, the one its TTS model cards pair.
const DEFAULT_VOCODER = "HIFIGAN";
const DEFAULT_VOCODER_MODEL_ID = "speechbrain/tts-hifigan-ljspeech";
const DEFAULT_TTS_TEXT = pyStr("Mary had a little lamb");

const INTERFACE_MISSING = "interface not specified in config.json";
const INTERFACE_INVALID = "interface in config.json invalid";

/** Lines loading the vocoder named in the config (or SpeechBrain's default) and writing the waveform. */
function vocoderLines(model: ModelRecord): { imports: string; body: string } {
  const config = model.config?.speechbrain;
  const named = config?.vocoder_interface;
  const decode = ownEntry(SPEECHBRAIN_VOCODERS, named);
  const vocoder = decode !== undefined && typeof named === "string" ? named : DEFAULT_VOCODER;
  const repo = config?.vocoder_model_id;
  const vocoderId = typeof repo === "string" && repo !== "" ? repo : DEFAULT_VOCODER_MODEL_ID;
  return {
    imports: `from speechbrain.inference.vocoders import ${vocoder}`,
    body: lines(
      named !== undefined && decode === undefined && `# vocoder_interface in config.json invalid; using ${vocoder}.`,
      `vocoder = ${vocoder}.from_hparams(source=${pyStr(vocoderId)})`,
      decode ?? (SPEECHBRAIN_VOCODERS[DEFAULT_VOCODER] as string),
      `torchaudio.save("example_TTS.wav", waveforms.squeeze(1), ${SPEECHBRAIN_TTS_SAMPLE_RATE})`,
    ),
  };
}

const GENERIC_LOAD_CODE = template((comment, id) =>
  lines(
    `${comment}`,
    "from speechbrain.inference.interfaces import Pretrained",
    "",
    "# The base class loads the hyperparameters and modules; the task methods live in its subclasses.",
    `model = Pretrained.from_hparams(source=${id})`,
  ),
);

/** The generic loader used when the config does not name a usable interface. */
function genericLoad(model: ModelRecord, reason: string): string {
  return GENERIC_LOAD_CODE(pyComment(reason), pyStr(model.id));
}

const SPEECHBRAIN_INSTALL = pipInstall("speechbrain");

/**
 * SpeechBrain: the class named by `config.speechbrain.speechbrain_interface` loads the model with
 * `from_hparams`, then runs the call its model cards show. Text-to-mel models also load a vocoder.
 * A missing or unknown interface gets the spec's fallback comment and the generic `Pretrained` loader.
 */
export function speechbrain(model: ModelRecord): string[] {
  const name = model.config?.speechbrain?.speechbrain_interface;
  const install = SPEECHBRAIN_INSTALL;
  if (name === undefined || name === null || name === "") return [install, genericLoad(model, INTERFACE_MISSING)];
  const entry = ownEntry(SPEECHBRAIN_INTERFACES, name);
  if (entry === undefined || typeof name !== "string") return [install, genericLoad(model, INTERFACE_INVALID)];
  const text = entry.input === "text" ? pyWidgetText(model, DEFAULT_TTS_TEXT) : "";
  const vocoder = entry.needsVocoder ? vocoderLines(model) : undefined;
  return [
    install,
    lines(
      vocoder !== undefined ? "import torchaudio" : entry.extraImport,
      `from speechbrain.inference.${entry.module} import ${name}`,
      vocoder?.imports,
      "",
      `model = ${name}.from_hparams(source=${pyStr(model.id)})`,
      entry.run(text),
      vocoder?.body,
    ),
  ];
}
