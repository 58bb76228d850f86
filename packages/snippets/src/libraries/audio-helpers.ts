// Reading a model record for the "audio" family. Model data is untrusted: every value is type-checked
// here, and it still reaches generated code only through the escaping module.
import { pyStr } from "../code/index.js";

/** The sentence text-to-speech snippets speak when the model has no widget text, as a Python literal. */
export const TTS_TEXT_LITERAL = pyStr("Hello! This sentence was spoken by a text-to-speech model.");
