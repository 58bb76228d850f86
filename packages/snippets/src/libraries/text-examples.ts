// Example inputs the library snippets fall back to when a model has no widget example of its own.
// Public files hosted for documentation, so a pasted snippet runs as is.

/** An image of two parrots: the input of image examples. */
export const EXAMPLE_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/hub/parrots.png";

/** Labels a zero-shot image example scores the image against. */
export const EXAMPLE_IMAGE_LABELS = ["animals", "humans", "landscape"] as const;

/** A short English speech recording: the input of audio examples. */
export const EXAMPLE_AUDIO_URL = "https://huggingface.co/datasets/Narsil/asr_dummy/resolve/main/mlk.flac";

/** The image and question of an image-text-to-text chat example. */
export const EXAMPLE_CHAT_IMAGE = {
  url: "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG",
  question: "What animal is on the candy?",
} as const;

/** The user turn of a text chat example. */
export const EXAMPLE_CHAT_QUESTION = "Who are you?";

/** A sentence with people and places, for entity examples. */
export const EXAMPLE_ENTITY_TEXT = "My name is Sarah, I work at Airbus and I live in Toulouse.";

/** Entity labels zero-shot extractors (GLiNER) are asked for. */
export const EXAMPLE_ENTITY_LABELS = ["person", "organization", "location"] as const;

/** Sentences for embedding examples: two close in meaning, one apart. */
export const EXAMPLE_SENTENCES = [
  "The weather is lovely today.",
  "It's so sunny outside!",
  "He drove to the stadium.",
] as const;

/** A query and passages for ranking examples: the second passage answers the query. */
export const EXAMPLE_RANKING = {
  query: "Which planet is known as the Red Planet?",
  passages: [
    "Venus is often called Earth's twin because of its similar size.",
    "Mars, known for its reddish appearance, is often referred to as the Red Planet.",
    "Jupiter, the largest planet in our solar system, has a prominent red spot.",
  ],
} as const;

/** A question and its context, for extractive question answering examples. */
export const EXAMPLE_QUESTION = {
  question: "Where does Sarah live?",
  context: "My name is Sarah, I work at Airbus and I live in Toulouse.",
} as const;

/** Texts for classification examples. */
export const EXAMPLE_CLASSIFY_TEXTS = [
  "I loved this movie, the acting was brilliant!",
  "The plot was dull and far too long.",
] as const;

/** A zero-shot text example: the text and the labels it is scored against. */
export const EXAMPLE_ZERO_SHOT = {
  text: "The new phone's battery easily lasts two full days.",
  labels: ["technology", "sports", "politics"],
} as const;
