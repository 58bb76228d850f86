// Which transformers auto classes load a model, read from the class name in `config.json`'s `architectures`.

/** The transformers preprocessing class a rule pairs with its model class. */
export type ProcessorClass = "AutoTokenizer" | "AutoProcessor" | "AutoImageProcessor" | "AutoFeatureExtractor";

/** One rule: an architecture whose name ends with `suffix` (and meets `when`) loads with these classes. */
export interface ArchitectureRule {
  /** End of the architecture class name, e.g. `ForCausalLM`. */
  suffix: string;
  /** Extra condition on config.json: a key it must have, or the model types it must be one of. */
  when?: { hasKey: string } | { modelTypes: readonly string[] };
  /** The auto model class. */
  auto_model: string;
  /** The preprocessing class. */
  processor: ProcessorClass;
  /** The pipeline task the class serves, when there is a single one. */
  pipeline_tag?: string;
}

/** The rules, tried in order; the first match wins, so narrower suffixes and conditions come first. */
export const ARCHITECTURE_RULES = [
  {
    suffix: "ForConditionalGeneration",
    when: { hasKey: "vision_config" },
    auto_model: "AutoModelForImageTextToText",
    processor: "AutoProcessor",
    pipeline_tag: "image-text-to-text",
  },
  {
    suffix: "ForConditionalGeneration",
    when: { modelTypes: ["whisper", "speech_to_text", "seamless_m4t", "seamless_m4t_v2", "moonshine"] },
    auto_model: "AutoModelForSpeechSeq2Seq",
    processor: "AutoProcessor",
    pipeline_tag: "automatic-speech-recognition",
  },
  {
    suffix: "ForConditionalGeneration",
    auto_model: "AutoModelForSeq2SeqLM",
    processor: "AutoTokenizer",
    pipeline_tag: "text2text-generation",
  },
  {
    suffix: "ForCausalLM",
    auto_model: "AutoModelForCausalLM",
    processor: "AutoTokenizer",
    pipeline_tag: "text-generation",
  },
  {
    suffix: "LMHeadModel",
    auto_model: "AutoModelForCausalLM",
    processor: "AutoTokenizer",
    pipeline_tag: "text-generation",
  },
  {
    suffix: "ForSequenceClassification",
    auto_model: "AutoModelForSequenceClassification",
    processor: "AutoTokenizer",
    pipeline_tag: "text-classification",
  },
  {
    suffix: "ForTokenClassification",
    auto_model: "AutoModelForTokenClassification",
    processor: "AutoTokenizer",
    pipeline_tag: "token-classification",
  },
  {
    suffix: "ForTableQuestionAnswering",
    auto_model: "AutoModelForTableQuestionAnswering",
    processor: "AutoTokenizer",
    pipeline_tag: "table-question-answering",
  },
  {
    suffix: "ForDocumentQuestionAnswering",
    auto_model: "AutoModelForDocumentQuestionAnswering",
    processor: "AutoProcessor",
    pipeline_tag: "document-question-answering",
  },
  {
    suffix: "ForQuestionAnswering",
    auto_model: "AutoModelForQuestionAnswering",
    processor: "AutoTokenizer",
    pipeline_tag: "question-answering",
  },
  { suffix: "ForMaskedLM", auto_model: "AutoModelForMaskedLM", processor: "AutoTokenizer", pipeline_tag: "fill-mask" },
  { suffix: "ForMultipleChoice", auto_model: "AutoModelForMultipleChoice", processor: "AutoTokenizer" },
  { suffix: "ForPreTraining", auto_model: "AutoModelForPreTraining", processor: "AutoTokenizer" },
  {
    suffix: "ForImageClassification",
    auto_model: "AutoModelForImageClassification",
    processor: "AutoImageProcessor",
    pipeline_tag: "image-classification",
  },
  {
    suffix: "ForZeroShotObjectDetection",
    auto_model: "AutoModelForZeroShotObjectDetection",
    processor: "AutoProcessor",
    pipeline_tag: "zero-shot-object-detection",
  },
  {
    suffix: "ForObjectDetection",
    auto_model: "AutoModelForObjectDetection",
    processor: "AutoImageProcessor",
    pipeline_tag: "object-detection",
  },
  {
    suffix: "ForSemanticSegmentation",
    auto_model: "AutoModelForSemanticSegmentation",
    processor: "AutoImageProcessor",
    pipeline_tag: "image-segmentation",
  },
  {
    suffix: "ForUniversalSegmentation",
    auto_model: "AutoModelForUniversalSegmentation",
    processor: "AutoImageProcessor",
    pipeline_tag: "image-segmentation",
  },
  {
    suffix: "ForDepthEstimation",
    auto_model: "AutoModelForDepthEstimation",
    processor: "AutoImageProcessor",
    pipeline_tag: "depth-estimation",
  },
  {
    suffix: "ForVideoClassification",
    auto_model: "AutoModelForVideoClassification",
    processor: "AutoImageProcessor",
    pipeline_tag: "video-classification",
  },
  {
    suffix: "ForMaskGeneration",
    auto_model: "AutoModelForMaskGeneration",
    processor: "AutoProcessor",
    pipeline_tag: "mask-generation",
  },
  {
    suffix: "ForVision2Seq",
    auto_model: "AutoModelForVision2Seq",
    processor: "AutoProcessor",
    pipeline_tag: "image-to-text",
  },
  {
    suffix: "ForImageTextToText",
    auto_model: "AutoModelForImageTextToText",
    processor: "AutoProcessor",
    pipeline_tag: "image-text-to-text",
  },
  {
    suffix: "ForSpeechSeq2Seq",
    auto_model: "AutoModelForSpeechSeq2Seq",
    processor: "AutoProcessor",
    pipeline_tag: "automatic-speech-recognition",
  },
  {
    suffix: "ForCTC",
    auto_model: "AutoModelForCTC",
    processor: "AutoProcessor",
    pipeline_tag: "automatic-speech-recognition",
  },
  {
    suffix: "ForAudioClassification",
    auto_model: "AutoModelForAudioClassification",
    processor: "AutoFeatureExtractor",
    pipeline_tag: "audio-classification",
  },
  {
    suffix: "ForAudioFrameClassification",
    auto_model: "AutoModelForAudioFrameClassification",
    processor: "AutoFeatureExtractor",
  },
  {
    suffix: "ForTextToSpectrogram",
    auto_model: "AutoModelForTextToSpectrogram",
    processor: "AutoProcessor",
    pipeline_tag: "text-to-speech",
  },
  {
    suffix: "ForTextToWaveform",
    auto_model: "AutoModelForTextToWaveform",
    processor: "AutoProcessor",
    pipeline_tag: "text-to-speech",
  },
  { suffix: "Model", when: { hasKey: "vision_config" }, auto_model: "AutoModel", processor: "AutoProcessor" },
  { suffix: "Model", auto_model: "AutoModel", processor: "AutoTokenizer", pipeline_tag: "feature-extraction" },
] as const satisfies readonly ArchitectureRule[];
