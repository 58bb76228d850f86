import { describe, expect, it } from "vitest";
import { ARCHITECTURE_RULES } from "./architecture-rules.js";
import { deriveTransformersInfo } from "./transformers-info.js";

describe("deriveTransformersInfo", () => {
  it.each([
    ["LlamaForCausalLM", {}, "AutoModelForCausalLM", "AutoTokenizer", "text-generation"],
    ["GPT2LMHeadModel", {}, "AutoModelForCausalLM", "AutoTokenizer", "text-generation"],
    ["BertForSequenceClassification", {}, "AutoModelForSequenceClassification", "AutoTokenizer", "text-classification"],
    [
      "T5ForConditionalGeneration",
      { model_type: "t5" },
      "AutoModelForSeq2SeqLM",
      "AutoTokenizer",
      "text2text-generation",
    ],
    [
      "WhisperForConditionalGeneration",
      { model_type: "whisper" },
      "AutoModelForSpeechSeq2Seq",
      "AutoProcessor",
      "automatic-speech-recognition",
    ],
    [
      "LlavaForConditionalGeneration",
      { vision_config: {} },
      "AutoModelForImageTextToText",
      "AutoProcessor",
      "image-text-to-text",
    ],
    ["RobertaForMaskedLM", {}, "AutoModelForMaskedLM", "AutoTokenizer", "fill-mask"],
    ["BertForTokenClassification", {}, "AutoModelForTokenClassification", "AutoTokenizer", "token-classification"],
    ["BertForQuestionAnswering", {}, "AutoModelForQuestionAnswering", "AutoTokenizer", "question-answering"],
    ["ViTForImageClassification", {}, "AutoModelForImageClassification", "AutoImageProcessor", "image-classification"],
    ["Wav2Vec2ForCTC", {}, "AutoModelForCTC", "AutoProcessor", "automatic-speech-recognition"],
    [
      "GroundingDinoForZeroShotObjectDetection",
      {},
      "AutoModelForZeroShotObjectDetection",
      "AutoProcessor",
      "zero-shot-object-detection",
    ],
    ["DetrForObjectDetection", {}, "AutoModelForObjectDetection", "AutoImageProcessor", "object-detection"],
    ["BertModel", {}, "AutoModel", "AutoTokenizer", "feature-extraction"],
  ])("%s → %s", (architecture, extra, autoModel, processor, pipelineTag) => {
    expect(deriveTransformersInfo({ architectures: [architecture], ...extra })).toEqual({
      auto_model: autoModel,
      processor,
      pipeline_tag: pipelineTag,
    });
  });

  it("leaves out the task where a class serves several", () => {
    expect(deriveTransformersInfo({ architectures: ["CLIPModel"], vision_config: {} })).toEqual({
      auto_model: "AutoModel",
      processor: "AutoProcessor",
    });
    expect(deriveTransformersInfo({ architectures: ["BertForMultipleChoice"] })).toEqual({
      auto_model: "AutoModelForMultipleChoice",
      processor: "AutoTokenizer",
    });
  });

  it("names the remote-code class from auto_map", () => {
    const config = {
      architectures: ["PhiForCausalLM"],
      auto_map: { AutoConfig: "configuration_phi.PhiConfig", AutoModelForCausalLM: "modeling_phi.PhiForCausalLM" },
    };
    expect(deriveTransformersInfo(config)).toMatchObject({ custom_class: "modeling_phi.PhiForCausalLM" });
  });

  it("uses the first architecture", () => {
    const info = deriveTransformersInfo({ architectures: ["BertForMaskedLM", "BertForSequenceClassification"] });
    expect(info?.auto_model).toBe("AutoModelForMaskedLM");
  });

  it.each([[{}], [{ architectures: [] }], [{ architectures: ["SomethingElse"] }], [{ architectures: ["Model"] }]])(
    "derives nothing from %j",
    (config) => {
      expect(deriveTransformersInfo(config)).toBeNull();
    },
  );

  it("keeps every rule reachable: no earlier unconditional rule shadows a later one", () => {
    ARCHITECTURE_RULES.forEach((rule, index) => {
      const shadowing = ARCHITECTURE_RULES.slice(0, index).find(
        (earlier) => !("when" in earlier) && rule.suffix.endsWith(earlier.suffix),
      );
      expect(shadowing, `${rule.suffix} is shadowed`).toBeUndefined();
    });
  });
});
