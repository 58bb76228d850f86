// The branch rules of the audio family, shown on small records: which class, call or fallback a model gets.
import { describe, expect, it } from "vitest";
import type { ModelConfig, ModelRecord } from "../model.js";
import * as audio from "./audio.js";
import { snippetLanguage } from "./snippet-language.js";

function record(id: string, library: string, extra: Partial<ModelRecord> = {}): ModelRecord {
  return { id, library_name: library, tags: [library], ...extra };
}

function speechbrainWith(speechbrain: ModelConfig["speechbrain"]): string {
  return audio.speechbrain(record("speechbrain/demo", "speechbrain", { config: { speechbrain } })).join("\n");
}

describe("speechbrain: the config's interface picks class and method", () => {
  it.each([
    ["EncoderClassifier", "classifiers", "classify_file"],
    ["EncoderDecoderASR", "ASR", "transcribe_file"],
    ["WhisperASR", "ASR", "transcribe_file"],
    ["SepformerSeparation", "separation", "separate_file"],
    ["SpectralMaskEnhancement", "enhancement", "enhance_file"],
    ["SpeakerRecognition", "speaker", "verify_files"],
  ])("%s is imported from speechbrain.inference.%s and runs %s", (name, module, method) => {
    const code = speechbrainWith({ speechbrain_interface: name });
    expect(code).toContain(`from speechbrain.inference.${module} import ${name}`);
    expect(code).toContain(`model = ${name}.from_hparams(source="speechbrain/demo")`);
    expect(code).toContain(`model.${method}(`);
  });

  it("says when the config names no interface", () => {
    expect(audio.speechbrain(record("speechbrain/demo", "speechbrain")).join("\n")).toContain(
      "# interface not specified in config.json",
    );
    expect(speechbrainWith({})).toContain("# interface not specified in config.json");
  });

  it.each(["CustomEncoderWav2vec2Classifier", "constructor", "__proto__", "toString"])(
    "says when the interface %s is not one of SpeechBrain's",
    (name) => {
      const code = speechbrainWith({ speechbrain_interface: name });
      expect(code).toContain("# interface in config.json invalid");
      expect(code).not.toContain(`import ${name}`);
    },
  );

  it("pairs a text-to-mel model with the vocoder its config names, and writes 22050 Hz audio", () => {
    const code = speechbrainWith({
      speechbrain_interface: "Tacotron2",
      vocoder_interface: "HIFIGAN",
      vocoder_model_id: "speechbrain/tts-hifigan-ljspeech",
    });
    expect(code).toContain(`vocoder = HIFIGAN.from_hparams(source="speechbrain/tts-hifigan-ljspeech")`);
    expect(code).toContain(", 22050)");
  });
});

describe("nemo: the tags pick the NeMo domain", () => {
  const nemoFor = (tags: string[]) => audio.nemo({ id: "nvidia/demo", library_name: "nemo", tags }).join("\n");

  it.each([["asr"], ["automatic-speech-recognition"]])("tag %s loads nemo.collections.asr's ASRModel", (tag) => {
    const code = nemoFor(["nemo", tag]);
    expect(code).toContain("import nemo.collections.asr as nemo_asr");
    expect(code).toContain(`nemo_asr.models.ASRModel.from_pretrained(model_name="nvidia/demo")`);
    expect(code).toContain("16000 Hz");
  });

  it("loads text-to-speech models from nemo.collections.tts and speaker models as EncDecSpeakerLabelModel", () => {
    expect(nemoFor(["text-to-speech"])).toContain("from nemo.collections.tts.models.base import SpectrogramGenerator");
    expect(nemoFor(["speaker-verification"])).toContain("EncDecSpeakerLabelModel.from_pretrained");
  });

  it("takes the first tag that names a domain", () => {
    expect(nemoFor(["tts", "asr"])).toContain("nemo.collections.tts");
  });

  it.each([[["nemo"]], [["text-generation", "constructor"]]])("falls back without a domain tag (%j)", (tags) => {
    const code = nemoFor(tags);
    expect(code).toContain("# tag did not correspond to a valid NeMo domain.");
    expect(code).toContain(`ModelPT.from_pretrained(model_name="nvidia/demo")`);
  });
});

describe("sample rates: each example writes or reads at the rate its library expects", () => {
  it.each([
    { name: "ChatTTS", fn: audio.chatTts, library: "chat_tts", rate: 24000 },
    { name: "KittenTTS", fn: audio.kittentts, library: "kittentts", rate: 24000 },
    { name: "Kimi-Audio", fn: audio.kimiAudio, library: "kimi-audio", rate: 24000 },
    { name: "Vui", fn: audio.vui, library: "vui", rate: 22050 },
    { name: "AudioSeal", fn: audio.audioseal, library: "audioseal", rate: 16000 },
  ])("$name uses $rate Hz", ({ fn, library, rate }) => {
    expect(fn(record("acme/demo", library)).join("\n")).toContain(`${rate}`);
  });

  it("ESPnet speech recognition resamples to 16000 Hz; TensorFlowTTS vocoders write 22050 Hz", () => {
    const asr = audio.espnet(record("espnet/asr", "espnet", { pipeline_tag: "automatic-speech-recognition" }));
    expect(asr.join("\n")).toContain(`librosa.load("speech.wav", sr=16000)`);
    const melgan = audio.tensorflowtts(record("tensorspeech/tts-mb_melgan-ljspeech-en", "tensorflowtts"));
    expect(melgan.join("\n")).toContain(`sf.write("audio.wav", audio, 22050, "PCM_16")`);
  });
});

describe("whisperkit: shell snippets for the Homebrew CLI", () => {
  it("starts with brew, so the snippet is shell, and transcribes with --model-path", () => {
    const [code] = audio.whisperkit(record("argmaxinc/whisperkit-coreml", "whisperkit"));
    expect(code?.startsWith("brew install whisperkit-cli")).toBe(true);
    expect(snippetLanguage(code ?? "")).toBe("sh");
    expect(code).toContain("whisperkit-cli transcribe --model-path checkpoints --audio-path audio.wav");
  });

  it("downloads only the first model variant the file list shows", () => {
    const siblings = [{ rfilename: "openai_whisper-tiny/AudioEncoder.mlmodelc/model.mil" }];
    const [code] = audio.whisperkit(record("argmaxinc/whisperkit-coreml", "whisperkit", { siblings }));
    expect(code).toContain("--include 'openai_whisper-tiny/*'");
    expect(code).toContain("--model-path 'checkpoints/openai_whisper-tiny'");
  });
});

describe("variants named by tags or ids", () => {
  it("pyannote: pipelines load with Pipeline, models with Model and Inference", () => {
    const tags = ["pyannote-audio", "pyannote-audio-pipeline"];
    expect(audio.pyannoteAudio(record("pyannote/diarization", "pyannote-audio", { tags })).join()).toContain(
      "Pipeline.from_pretrained",
    );
    expect(audio.pyannoteAudio(record("pyannote/segmentation", "pyannote-audio")).join()).toContain("Inference(model)");
  });

  it("ESPnet: no known task shows both classes after the fallback text", () => {
    const [, tts, asr] = audio.espnet(record("espnet/enh", "espnet", { pipeline_tag: "audio-to-audio" }));
    expect(tts).toContain("# Unknown pipeline tag");
    expect(tts).toContain("Text2Speech.from_pretrained");
    expect(asr).toContain("Speech2Text.from_pretrained");
  });

  it("audiocraft: the family tag picks the class, MusicGen when untagged", () => {
    expect(audio.audiocraft(record("facebook/audiogen-medium", "audiocraft", { tags: ["audiogen"] })).join()).toContain(
      "AudioGen.get_pretrained",
    );
    expect(audio.audiocraft(record("facebook/magnet-small", "audiocraft", { tags: ["magnet"] })).join()).toContain(
      "MAGNeT.get_pretrained",
    );
    expect(audio.audiocraft(record("acme/music", "audiocraft")).join()).toContain("loading it as MusicGen");
  });

  it("Qwen3-TTS: the variant in the id picks the generation method", () => {
    const call = (id: string) => audio.qwen3Tts(record(id, "qwen3_tts")).join();
    expect(call("Qwen/Qwen3-TTS-12Hz-1.7B-CustomVoice")).toContain("generate_custom_voice(");
    expect(call("Qwen/Qwen3-TTS-12Hz-1.7B-VoiceDesign")).toContain("generate_voice_design(");
    expect(call("Qwen/Qwen3-TTS-12Hz-0.6B-Base")).toContain("generate_voice_clone(");
    expect(call("Qwen/Qwen3-TTS-Tokenizer-12Hz")).toContain("Qwen3TTSTokenizer.from_pretrained");
  });

  it("IndexTTS: the release in the id picks the inference module", () => {
    const module = (id: string) => audio.indexTts(record(id, "index-tts")).join();
    expect(module("IndexTeam/IndexTTS-2.5")).toContain("from indextts.infer_v2_5 import IndexTTS2");
    expect(module("IndexTeam/IndexTTS-2")).toContain("from indextts.infer_v2 import IndexTTS2");
    expect(module("IndexTeam/Index-TTS")).toContain("from indextts.infer import IndexTTS");
  });

  it("OuteTTS: GGUF repositories run one file on llama.cpp with the original repository's tokenizer", () => {
    const code = audio.outetts(record("OuteAI/Llama-OuteTTS-1.0-1B-GGUF", "outetts", { tags: ["gguf"] })).join();
    expect(code).toContain("backend=outetts.Backend.LLAMACPP");
    expect(code).toContain(`tokenizer_path="OuteAI/Llama-OuteTTS-1.0-1B"`);
    expect(audio.outetts(record("OuteAI/OuteTTS-0.3-1B", "outetts")).join()).toContain("InterfaceVersion.V2");
  });

  it("Moshi: MLX checkpoints run with moshi_mlx and their quantization", () => {
    expect(audio.moshi(record("kyutai/moshiko-mlx-q4", "moshi")).join()).toContain("moshi_mlx.local_web -q 4");
    expect(audio.moshi(record("kyutai/moshiko-pytorch-bf16", "moshi")).join()).toContain("python -m moshi.server");
  });

  it("TTS snippets speak the model's widget text, escaped", () => {
    const widgetData = [{ text: 'Say "hi"\nthen stop' }];
    const code = audio.chatterbox(record("ResembleAI/chatterbox", "chatterbox", { widgetData })).join();
    expect(code).toContain(`model.generate("Say \\"hi\\"\\nthen stop")`);
  });
});
