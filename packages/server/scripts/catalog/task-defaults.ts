// What a model of each task usually carries when its seed does not say: transformers classes and widget inputs.
import type { TransformersInfo, WidgetExample } from "@modelhub/snippets";

const IMG = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main";
const AUDIO = "https://cdn-media.huggingface.co/speech_samples/sample1.flac";

const TEXT = "My name is Wolfgang and I live in Berlin";

/** The transformers auto class and processor per task. */
export const AUTO_CLASSES: Readonly<Record<string, TransformersInfo>> = {
  "text-generation": { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  "text2text-generation": { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
  "text-classification": { auto_model: "AutoModelForSequenceClassification", processor: "AutoTokenizer" },
  "zero-shot-classification": { auto_model: "AutoModelForSequenceClassification", processor: "AutoTokenizer" },
  "token-classification": { auto_model: "AutoModelForTokenClassification", processor: "AutoTokenizer" },
  "fill-mask": { auto_model: "AutoModelForMaskedLM", processor: "AutoTokenizer" },
  "feature-extraction": { auto_model: "AutoModel", processor: "AutoTokenizer" },
  "sentence-similarity": { auto_model: "AutoModel", processor: "AutoTokenizer" },
  summarization: { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
  translation: { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
  "question-answering": { auto_model: "AutoModelForQuestionAnswering", processor: "AutoTokenizer" },
  "table-question-answering": { auto_model: "AutoModelForTableQuestionAnswering", processor: "AutoTokenizer" },
  "image-classification": { auto_model: "AutoModelForImageClassification", processor: "AutoImageProcessor" },
  "object-detection": { auto_model: "AutoModelForObjectDetection", processor: "AutoImageProcessor" },
  "zero-shot-object-detection": { auto_model: "AutoModelForZeroShotObjectDetection", processor: "AutoProcessor" },
  "image-segmentation": { auto_model: "AutoModelForImageSegmentation", processor: "AutoImageProcessor" },
  "mask-generation": { auto_model: "AutoModel", processor: "AutoProcessor" },
  "depth-estimation": { auto_model: "AutoModelForDepthEstimation", processor: "AutoImageProcessor" },
  "image-feature-extraction": { auto_model: "AutoModel", processor: "AutoImageProcessor" },
  "zero-shot-image-classification": {
    auto_model: "AutoModelForZeroShotImageClassification",
    processor: "AutoProcessor",
  },
  "image-to-text": { auto_model: "AutoModelForVision2Seq", processor: "AutoProcessor" },
  "image-to-image": { auto_model: "AutoModelForImageToImage", processor: "AutoImageProcessor" },
  "image-text-to-text": { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
  "document-question-answering": { auto_model: "AutoModelForDocumentQuestionAnswering", processor: "AutoProcessor" },
  "visual-question-answering": { auto_model: "AutoModelForVisualQuestionAnswering", processor: "AutoProcessor" },
  "automatic-speech-recognition": { auto_model: "AutoModelForSpeechSeq2Seq", processor: "AutoProcessor" },
  "audio-classification": { auto_model: "AutoModelForAudioClassification", processor: "AutoFeatureExtractor" },
  "text-to-speech": { auto_model: "AutoModelForTextToWaveform", processor: "AutoProcessor" },
  "text-to-audio": { auto_model: "AutoModelForTextToWaveform", processor: "AutoProcessor" },
};

/** Example inputs per task, as the model page's widget shows them. */
export const DEFAULT_WIDGETS: Readonly<Record<string, readonly WidgetExample[]>> = {
  "text-generation": [{ text: "My name is Julien and I like to" }],
  "text2text-generation": [{ text: "Translate to German: My name is Arthur" }],
  "text-classification": [{ text: "I like you. I love you" }],
  "token-classification": [{ text: TEXT }],
  "zero-shot-classification": [
    { text: "I have a problem with my iphone", candidate_labels: "urgent, not urgent, phone" },
  ],
  "fill-mask": [{ text: "Paris is the [MASK] of France." }],
  "feature-extraction": [{ text: "Today is a sunny day and I will get some ice cream." }],
  "sentence-similarity": [
    {
      source_sentence: "That is a happy person",
      sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"],
    },
  ],
  summarization: [
    {
      text: "The tower is 324 metres (1,063 ft) tall, about the same height as an 81-storey building, and the tallest structure in Paris.",
    },
  ],
  translation: [{ text: TEXT }],
  "question-answering": [{ text: "Where do I live?", context: TEXT }],
  "table-question-answering": [
    {
      text: "How many stars does the transformers repository have?",
      table: { Repository: ["Transformers", "Datasets"], Stars: ["36542", "4512"] },
    },
  ],
  "automatic-speech-recognition": [{ src: AUDIO }],
  "audio-classification": [{ src: AUDIO }],
  "audio-to-audio": [{ src: AUDIO }],
  "text-to-speech": [{ text: "The answer to the universe is 42" }],
  "text-to-audio": [{ text: "liquid drum and bass, atmospheric synths, airy sounds" }],
  "image-classification": [{ src: `${IMG}/tiger.jpg` }],
  "object-detection": [{ src: `${IMG}/savanna.jpg` }],
  "image-segmentation": [{ src: `${IMG}/football-match.jpg` }],
  "zero-shot-image-classification": [{ src: `${IMG}/cat-dog-music.png`, candidate_labels: "cat, dog, music" }],
  "image-to-text": [{ src: `${IMG}/savanna.jpg` }],
  "image-text-to-text": [{ src: `${IMG}/savanna.jpg`, text: "Describe this image in one sentence." }],
  "document-question-answering": [{ src: `${IMG}/invoice.png`, text: "What is the invoice number?" }],
  "visual-question-answering": [{ src: `${IMG}/tiger.jpg`, text: "What animal is it?" }],
  "text-to-image": [{ text: "Astronaut riding a horse" }],
  "image-to-image": [{ src: `${IMG}/cat.png`, text: "Turn the cat into a tiger." }],
  "text-to-video": [{ text: "A young man walking on the street" }],
  "image-to-video": [{ src: `${IMG}/cat.png`, text: "The cat starts to dance" }],
};

/** The files every transformers checkpoint has. */
export const TRANSFORMERS_FILES = ["config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json"];
