// Load snippets of the "text" family of libraries; one exported function per registry key.
export { adapterTransformers, peft } from "./text-adapters.js";
export { bm25s, lightningIr, model2vec, sentenceTransformers } from "./text-embeddings.js";
export { edsnlp, flair, gliner, gliner2, relik, spacy, spanMarker, stanza } from "./text-extraction.js";
export { allennlp, bertopic, fairseq, fasttext, multimolecule, paddlenlp, setfit } from "./text-toolkits.js";
export { transformers } from "./text-transformers.js";
export { transformersJs } from "./text-transformers-js.js";
