// Load snippets of the "audio" family of libraries; one exported function per registry key.
export { audiocraft, cartesiaMlx, cartesiaPytorch, kimiAudio, moshi, stableAudioTools } from "./audio-generation.js";
export { nemo } from "./audio-nemo.js";
export { asteroid, audioseal, espnet, openasr, pyannoteAudio, whisperkit } from "./audio-recognition.js";
export { speechbrain } from "./audio-speechbrain.js";
export { tensorflowtts } from "./audio-tensorflowtts.js";
export { chatTts, chatterbox, dia2, diaTts, kittentts, mars5Tts, pocketTts, vui, zonos } from "./audio-tts.js";
export { indexTts, outetts, qwen3Tts, supertonic, vibevoice, voicecraft, voxcpm } from "./audio-tts-variants.js";
