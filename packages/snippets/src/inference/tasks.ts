// The tasks that have inference snippets, and the hub client method that runs each one.

/** Every pipeline task with inference snippets (spec §5: only these get any). */
export const INFERENCE_TASKS = [
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-text-to-text",
  "image-to-image",
  "image-to-text",
  "image-to-video",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "tabular-classification",
  "tabular-regression",
  "text-classification",
  "text-generation",
  "text-to-audio",
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "token-classification",
  "translation",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
] as const;

/** A pipeline task that has inference snippets. */
export type InferenceTask = (typeof INFERENCE_TASKS)[number];

/** True when `task` has inference snippets. */
export function isInferenceTask(task: unknown): task is InferenceTask {
  return typeof task === "string" && (INFERENCE_TASKS as readonly string[]).includes(task);
}

/**
 * Python `huggingface_hub.InferenceClient` method per task (snake_case). Chat models use
 * `chat.completions.create` instead; the text-to-audio task is served by `text_to_speech`.
 */
export const PYTHON_HUB_METHODS = {
  "audio-classification": "audio_classification",
  "audio-to-audio": "audio_to_audio",
  "automatic-speech-recognition": "automatic_speech_recognition",
  "document-question-answering": "document_question_answering",
  "feature-extraction": "feature_extraction",
  "fill-mask": "fill_mask",
  "image-classification": "image_classification",
  "image-segmentation": "image_segmentation",
  "image-text-to-text": "chat_completion",
  "image-to-image": "image_to_image",
  "image-to-text": "image_to_text",
  "image-to-video": "image_to_video",
  "object-detection": "object_detection",
  "question-answering": "question_answering",
  "sentence-similarity": "sentence_similarity",
  summarization: "summarization",
  "table-question-answering": "table_question_answering",
  "tabular-classification": "tabular_classification",
  "tabular-regression": "tabular_regression",
  "text-classification": "text_classification",
  "text-generation": "text_generation",
  "text-to-audio": "text_to_speech",
  "text-to-image": "text_to_image",
  "text-to-speech": "text_to_speech",
  "text-to-video": "text_to_video",
  "token-classification": "token_classification",
  translation: "translation",
  "visual-question-answering": "visual_question_answering",
  "zero-shot-classification": "zero_shot_classification",
  "zero-shot-image-classification": "zero_shot_image_classification",
} as const satisfies Record<InferenceTask, string>;

/** JS `@huggingface/inference` `InferenceClient` method per task (camelCase); chat uses `chatCompletion`. */
export const JS_HUB_METHODS = {
  "audio-classification": "audioClassification",
  "audio-to-audio": "audioToAudio",
  "automatic-speech-recognition": "automaticSpeechRecognition",
  "document-question-answering": "documentQuestionAnswering",
  "feature-extraction": "featureExtraction",
  "fill-mask": "fillMask",
  "image-classification": "imageClassification",
  "image-segmentation": "imageSegmentation",
  "image-text-to-text": "chatCompletion",
  "image-to-image": "imageToImage",
  "image-to-text": "imageToText",
  "image-to-video": "imageToVideo",
  "object-detection": "objectDetection",
  "question-answering": "questionAnswering",
  "sentence-similarity": "sentenceSimilarity",
  summarization: "summarization",
  "table-question-answering": "tableQuestionAnswering",
  "tabular-classification": "tabularClassification",
  "tabular-regression": "tabularRegression",
  "text-classification": "textClassification",
  "text-generation": "textGeneration",
  "text-to-audio": "textToSpeech",
  "text-to-image": "textToImage",
  "text-to-speech": "textToSpeech",
  "text-to-video": "textToVideo",
  "token-classification": "tokenClassification",
  translation: "translation",
  "visual-question-answering": "visualQuestionAnswering",
  "zero-shot-classification": "zeroShotClassification",
  "zero-shot-image-classification": "zeroShotImageClassification",
} as const satisfies Record<InferenceTask, string>;
