// TensorFlowTTS: text-to-mel models (Tacotron 2, FastSpeech, FastSpeech 2) and mel-to-wav vocoders (MelGAN family).

import { flat, indent, lines, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";

// TensorFlowTTS's LJSpeech checkpoints, the library's reference voices, produce 22.05 kHz audio.
const TFTTS_SAMPLE_RATE = 22050;
const TFTTS_TEXT = pyStr(
  "Recent research at Harvard has shown meditating for as little as 8 weeks can improve memory.",
);

const TFTTS_INSTALL = pipInstall("TensorFlowTTS");
const SPEAKER = "speaker_ids=tf.convert_to_tensor([0], dtype=tf.int32),";
const SPEED = "speed_ratios=tf.convert_to_tensor([1.0], dtype=tf.float32),";

/** The `inference()` arguments besides `input_ids` of each text-to-mel architecture, by its name in the id. */
const TFTTS_TEXT2MEL_ARGS = {
  tacotron2: ["input_lengths=tf.convert_to_tensor([len(input_ids)], tf.int32),", SPEAKER],
  fastspeech2: [
    SPEAKER,
    SPEED,
    "f0_ratios=tf.convert_to_tensor([1.0], dtype=tf.float32),",
    "energy_ratios=tf.convert_to_tensor([1.0], dtype=tf.float32),",
  ],
  fastspeech: [SPEAKER, SPEED],
} as const satisfies Record<string, readonly string[]>;

/** The whole `inference()` call of a text-to-mel architecture and the mel spectrogram it returns. */
function inferenceCall(args: readonly string[]): string {
  return flat(
    lines(
      "outputs = text2mel.inference(",
      indent(lines("input_ids=tf.expand_dims(tf.convert_to_tensor(input_ids, dtype=tf.int32), 0),", ...args)),
      ")",
      `# The refined mel spectrogram, [batch, frames, 80], ready for a TensorFlowTTS vocoder (${TFTTS_SAMPLE_RATE} Hz).`,
      "mel_outputs = outputs[1]",
    ),
  );
}

// The calls do not depend on the model, so each is built once.
const TFTTS_INFERENCE_CALLS = {
  tacotron2: inferenceCall(TFTTS_TEXT2MEL_ARGS.tacotron2),
  fastspeech2: inferenceCall(TFTTS_TEXT2MEL_ARGS.fastspeech2),
  fastspeech: inferenceCall(TFTTS_TEXT2MEL_ARGS.fastspeech),
} as const;
const TFTTS_UNKNOWN_ARCHITECTURE =
  "# inference() takes the arguments of the model's architecture (Tacotron 2, FastSpeech or FastSpeech 2).";

/** Vocoders turn mel spectrograms into waveforms: tagged `mel-to-wav`, or a GAN vocoder named in the id. */
function isVocoder(model: ModelRecord, lowerId: string): boolean {
  return (
    hasTag(model, "mel-to-wav") ||
    lowerId.includes("melgan") ||
    lowerId.includes("hifigan") ||
    lowerId.includes("wavegan")
  );
}

/** The inference call of the architecture named in the id (FastSpeech 2 is checked before FastSpeech). */
function text2melCall(lowerId: string): string {
  if (lowerId.includes("tacotron")) return TFTTS_INFERENCE_CALLS.tacotron2;
  if (lowerId.includes("fastspeech2")) return TFTTS_INFERENCE_CALLS.fastspeech2;
  if (lowerId.includes("fastspeech")) return TFTTS_INFERENCE_CALLS.fastspeech;
  return TFTTS_UNKNOWN_ARCHITECTURE;
}

const VOCODER_SNIPPET_CODE = template((id) =>
  lines(
    "import soundfile as sf",
    "import tensorflow as tf",
    "from tensorflow_tts.inference import TFAutoModel",
    "",
    `vocoder = TFAutoModel.from_pretrained(${id})`,
    "",
    "# A [batch, frames, 80] mel spectrogram, as a TensorFlowTTS text-to-mel model outputs it; random here.",
    "mel_outputs = tf.random.uniform(shape=[1, 200, 80])",
    "audio = vocoder.inference(mel_outputs)[0, :, 0]",
    `sf.write("audio.wav", audio, ${TFTTS_SAMPLE_RATE}, "PCM_16")`,
  ),
);

function vocoderSnippet(model: ModelRecord): string {
  return VOCODER_SNIPPET_CODE(pyStr(model.id));
}

const TEXT2MEL_SNIPPET_CODE = template((id, widgetText, call) =>
  lines(
    "import tensorflow as tf",
    "from tensorflow_tts.inference import AutoProcessor, TFAutoModel",
    "",
    `processor = AutoProcessor.from_pretrained(${id})`,
    `text2mel = TFAutoModel.from_pretrained(${id})`,
    "",
    `input_ids = processor.text_to_sequence(${widgetText})`,
    `${call}`,
  ),
);

function text2melSnippet(model: ModelRecord, call: string): string {
  const id = pyStr(model.id);
  return TEXT2MEL_SNIPPET_CODE(id, pyWidgetText(model, TFTTS_TEXT), call);
}

/**
 * TensorFlowTTS: vocoders decode a mel spectrogram and write the waveform; text-to-mel models turn text into
 * a mel spectrogram with the `inference()` arguments of their architecture, read from the id.
 */
export function tensorflowtts(model: ModelRecord): string[] {
  const lowerId = model.id.toLowerCase();
  const code = isVocoder(model, lowerId) ? vocoderSnippet(model) : text2melSnippet(model, text2melCall(lowerId));
  return [TFTTS_INSTALL, code];
}
