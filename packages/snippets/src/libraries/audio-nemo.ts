// NVIDIA NeMo: the model's tags say which NeMo collection (domain) it belongs to.

import { lines, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { ownEntry } from "../model-readers.js";
import { pipInstall, pyWidgetText } from "./common.js";

/** The NeMo domains the snippets know how to load and run. */
type NemoDomain = "asr" | "tts" | "speaker";

/**
 * Tags that name a NeMo domain. The first of the model's tags found here decides, in tag order;
 * hub task tags and NeMo's own short names both count.
 */
const NEMO_DOMAIN_BY_TAG: Readonly<Record<string, NemoDomain>> = {
  asr: "asr",
  "automatic-speech-recognition": "asr",
  "speaker-recognition": "speaker",
  "speaker-verification": "speaker",
  "text-to-speech": "tts",
  tts: "tts",
};

// NeMo's ASR and speaker models take 16 kHz mono audio; its English FastPitch/HiFi-GAN voices produce 22.05 kHz.
const NEMO_ASR_SAMPLE_RATE = 16000;
const NEMO_TTS_SAMPLE_RATE = 22050;
// The vocoder NVIDIA's spectrogram-generator model cards pair with.
const NEMO_VOCODER_ID = "nvidia/tts_hifigan";
const NEMO_TTS_TEXT = pyStr("You can type your sentence here to get NeMo to produce speech.");

/** One domain: the install command of its collection and the Python that loads and runs a model of it. */
interface NemoDomainSnippet {
  /** Installs the `nemo_toolkit` extra holding the collection. */
  install: string;
  /**
   * Python loading the model from its collection and running it; `id` and `text` are Python string literals.
   * A template (see code/template.ts): the lines are joined once, when the module loads.
   */
  code: (id: string, text: string) => string;
}

const NEMO_DOMAINS: Readonly<Record<NemoDomain, NemoDomainSnippet>> = {
  asr: {
    install: pipInstall(`"nemo_toolkit[asr]"`),
    code: template((id) =>
      lines(
        "import nemo.collections.asr as nemo_asr",
        "",
        `asr_model = nemo_asr.models.ASRModel.from_pretrained(model_name=${id})`,
        "",
        `# NeMo ASR models expect ${NEMO_ASR_SAMPLE_RATE} Hz mono audio.`,
        `transcriptions = asr_model.transcribe(["audio.wav"])`,
        "print(transcriptions[0])",
      ),
    ),
  },
  speaker: {
    install: pipInstall(`"nemo_toolkit[asr]"`),
    code: template((id) =>
      lines(
        "import nemo.collections.asr as nemo_asr",
        "",
        `speaker_model = nemo_asr.models.EncDecSpeakerLabelModel.from_pretrained(model_name=${id})`,
        "",
        `# Speaker models expect ${NEMO_ASR_SAMPLE_RATE} Hz mono audio.`,
        `embedding = speaker_model.get_embedding("speaker1.wav")`,
        `print(speaker_model.verify_speakers("speaker1.wav", "speaker2.wav"))`,
      ),
    ),
  },
  tts: {
    install: pipInstall(`"nemo_toolkit[tts]"`),
    code: template((id, text) =>
      lines(
        "import soundfile as sf",
        "from nemo.collections.tts.models import HifiGanModel",
        "from nemo.collections.tts.models.base import SpectrogramGenerator",
        "",
        `spec_generator = SpectrogramGenerator.from_pretrained(model_name=${id})`,
        `vocoder = HifiGanModel.from_pretrained(model_name=${pyStr(NEMO_VOCODER_ID)})`,
        "",
        `parsed = spec_generator.parse(${text})`,
        "spectrogram = spec_generator.generate_spectrogram(tokens=parsed)",
        "audio = vocoder.convert_spectrogram_to_audio(spec=spectrogram)",
        `sf.write("speech.wav", audio.to("cpu").detach().numpy()[0], ${NEMO_TTS_SAMPLE_RATE})`,
      ),
    ),
  },
};

/** The NeMo domain of the model: the first of its tags that names one. */
export function nemoDomain(model: ModelRecord): NemoDomain | undefined {
  for (const tag of Array.isArray(model.tags) ? model.tags : []) {
    const domain = ownEntry(NEMO_DOMAIN_BY_TAG, tag);
    if (domain !== undefined) return domain;
  }
  return undefined;
}

const NEMO_CODE = template((id) =>
  lines(
    "# tag did not correspond to a valid NeMo domain.",
    "from nemo.core import ModelPT",
    "",
    "# ModelPT restores whichever model class the checkpoint's config names.",
    `model = ModelPT.from_pretrained(model_name=${id})`,
  ),
);

const NEMO_INSTALL = pipInstall(`"nemo_toolkit[all]"`);

/**
 * NeMo: the collection comes from the model's tags (see `NEMO_DOMAIN_BY_TAG`); the snippet loads the
 * domain's base class with `from_pretrained`, which restores the exact class the checkpoint names.
 * Without a domain tag it says so (spec fallback text) and restores the model through `ModelPT`.
 */
export function nemo(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  const domain = nemoDomain(model);
  if (domain === undefined) {
    return [NEMO_INSTALL, NEMO_CODE(id)];
  }
  const snippet = NEMO_DOMAINS[domain];
  const text = domain === "tts" ? pyWidgetText(model, NEMO_TTS_TEXT) : "";
  return [snippet.install, snippet.code(id, text)];
}
