// Embedding and retrieval libraries: sentence-transformers (with PyLate), Model2Vec, BM25S and Lightning IR.

import { flat, indent, lines } from "../code/lines.js";
import { pyStr, pyStrBody, pyValue } from "../code/python.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hasTag, widgetText } from "../model-readers.js";
import { pipInstall } from "./common.js";
import { PY_EXAMPLES } from "./text-example-literals.js";
import { EXAMPLE_SENTENCES } from "./text-examples.js";
import { pyList } from "./text-literals.js";
import { CUSTOM_CODE_TAG, REMOTE_CODE_ARG, remoteCodeArg, widgetSimilarity } from "./text-record.js";

/** Tag of ColBERT models made with PyLate: sentence-transformers snippets switch to the pylate library. */
export const PYLATE_TAG = "PyLate";

/** Tag of cross-encoders (rerankers), which score text pairs instead of embedding texts. */
export const CROSS_ENCODER_TAG = "cross-encoder";

/** Tag of Lightning IR bi-encoders. */
const BI_ENCODER_TAG = "bi-encoder";

/** How many documents the BM25S example retrieves. */
const BM25_TOP_K = 3;

/** Snippets for a sentence-transformers model: ColBERT (PyLate), cross-encoder or bi-encoder form. */
export function sentenceTransformers(model: ModelRecord): string[] {
  if (hasTag(model, PYLATE_TAG)) return [PYLATE_INSTALL, colbert(model)];
  const snippet = isCrossEncoder(model) ? crossEncoder(model) : biEncoder(model);
  return [SENTENCE_TRANSFORMERS_INSTALL, snippet];
}

// The sentence-transformers and PyLate lines that name neither the model nor its examples, joined once.
const SENTENCE_TRANSFORMERS_INSTALL = pipInstall("sentence-transformers");
const PYLATE_INSTALL = pipInstall("pylate");
const COLBERT_RERANK = flat(
  lines(
    "documents_ids = [list(range(len(documents[0])))]",
    "queries_embeddings = model.encode(queries, is_query=True)",
    "documents_embeddings = model.encode(documents, is_query=False)",
    "reranked_documents = rank.rerank(",
    "    documents_ids=documents_ids,",
    "    queries_embeddings=queries_embeddings,",
    "    documents_embeddings=documents_embeddings,",
    ")",
    "print(reranked_documents)",
  ),
);
const CROSS_ENCODER_RANK = flat(
  lines(
    "ranks = model.rank(query, passages)",
    "for rank in ranks:",
    '    print(rank["score"], passages[rank["corpus_id"]])',
  ),
);
const BI_ENCODER_OPENING = flat(
  lines("from sentence_transformers import SentenceTransformer", "", 'model = SentenceTransformer("'),
);
/** The bi-encoder example without a widget example: the example sentences compared with one another. */
const BI_ENCODER_EXAMPLE = flat(
  lines(
    "",
    "",
    `sentences = ${PY_EXAMPLES.sentences}`,
    "embeddings = model.encode(sentences)",
    "",
    "similarities = model.similarity(embeddings, embeddings)",
    "print(similarities.shape)",
    `# [${EXAMPLE_SENTENCES.length}, ${EXAMPLE_SENTENCES.length}]`,
  ),
);
const BI_ENCODER_COMPARE = flat(
  lines(
    "source_embedding = model.encode([source_sentence])",
    "embeddings = model.encode(sentences)",
    "",
    "similarities = model.similarity(source_embedding, embeddings)",
    "print(similarities)",
  ),
);

function isCrossEncoder(model: ModelRecord): boolean {
  return hasTag(model, CROSS_ENCODER_TAG) || model.pipeline_tag === "text-ranking";
}

/** The query and passages of a ranking example as Python literals: the widget's sentences when it has them. */
function rankingExample(model: ModelRecord): { query: string; passages: string } {
  const example = widgetSimilarity(model);
  return example
    ? { query: pyStr(example.source), passages: pyValue(example.sentences) }
    : { query: PY_EXAMPLES.rankingQuery, passages: PY_EXAMPLES.rankingPassages };
}

const COLBERT_CODE = template((id, query, indent2) =>
  lines(
    "from pylate import models, rank",
    "",
    `model = models.ColBERT(model_name_or_path=${id})`,
    "",
    `queries = [${query}]`,
    `documents = [\n${indent2},\n]`,
    COLBERT_RERANK,
  ),
);

function colbert(model: ModelRecord): string {
  const { query, passages } = rankingExample(model);
  return COLBERT_CODE(pyStr(model.id), query, indent(passages));
}

const CROSS_ENCODER_CODE = template((id, remoteCodeArg2, query, passages) =>
  lines(
    "from sentence_transformers import CrossEncoder",
    "",
    `model = CrossEncoder(${id}${remoteCodeArg2})`,
    "",
    `query = ${query}`,
    `passages = ${passages}`,
    CROSS_ENCODER_RANK,
  ),
);

function crossEncoder(model: ModelRecord): string {
  const { query, passages } = rankingExample(model);
  return CROSS_ENCODER_CODE(pyStr(model.id), remoteCodeArg(model), query, passages);
}

// What follows the id's literal in the bi-encoder's load, with or without the remote-code argument; each also
// joined once with the example sentences, for models without a widget example.
const BI_ENCODER_CLOSES = {
  plain: { close: '")', example: flat(`")${BI_ENCODER_EXAMPLE}`) },
  remote: { close: `"${REMOTE_CODE_ARG})`, example: flat(`"${REMOTE_CODE_ARG})${BI_ENCODER_EXAMPLE}`) },
} as const;

const BI_ENCODER_CODE = template((id, close, source, sentences) =>
  lines(
    `${BI_ENCODER_OPENING}${id}${close}`,
    "",
    `source_sentence = "${source}"`,
    `sentences = ${sentences}`,
    BI_ENCODER_COMPARE,
  ),
);

function biEncoder(model: ModelRecord): string {
  const example = widgetSimilarity(model);
  const closes = hasTag(model, CUSTOM_CODE_TAG) ? BI_ENCODER_CLOSES.remote : BI_ENCODER_CLOSES.plain;
  const id = pyStrBody(model.id);
  if (example === undefined) return BI_ENCODER_OPENING + id + closes.example;
  return BI_ENCODER_CODE(id, closes.close, pyStrBody(example.source), pyValue(example.sentences));
}

/** The texts an embedding example encodes, as a Python list: the widget's sentences or text, else example sentences. */
function embeddingTexts(model: ModelRecord): string {
  const example = widgetSimilarity(model);
  if (example) return pyValue([example.source, ...example.sentences]);
  const text = widgetText(model);
  return text === undefined ? PY_EXAMPLES.sentences : pyList([text]);
}

const MODEL2VEC_CODE = template((id, embeddingTexts2) =>
  lines(
    "from model2vec import StaticModel",
    "",
    `model = StaticModel.from_pretrained(${id})`,
    "",
    `embeddings = model.encode(${embeddingTexts2})`,
    "print(embeddings.shape)",
  ),
);

const MODEL2VEC_INSTALL = pipInstall("model2vec");

/** Snippets that load a Model2Vec static embedding model and embed example texts. */
export function model2vec(model: ModelRecord): string[] {
  return [MODEL2VEC_INSTALL, MODEL2VEC_CODE(pyStr(model.id), embeddingTexts(model))];
}

const BM25S_CODE = template((id, text) =>
  lines(
    "import bm25s",
    "from bm25s.hf import BM25HF",
    "",
    `retriever = BM25HF.load_from_hub(${id})`,
    "",
    `query = ${text}`,
    `results, scores = retriever.retrieve(bm25s.tokenize(query), k=${BM25_TOP_K})`,
    "print(results, scores)",
  ),
);

const BM25S_INSTALL = pipInstall("bm25s", "huggingface_hub");

/** Snippets that load a BM25S index from the hub and retrieve documents for a query. */
export function bm25s(model: ModelRecord): string[] {
  return [BM25S_INSTALL, BM25S_CODE(pyStr(model.id), pyStr(widgetText(model) ?? "a cat is a feline"))];
}

const LIGHTNING_IR_INSTALL = pipInstall("lightning-ir");

/** Snippets that load a Lightning IR model, as a cross-encoder or a bi-encoder, and score documents for a query. */
export function lightningIr(model: ModelRecord): string[] {
  const modelType = model.config?.model_type;
  const cross = isCrossEncoder(model) || modelType === CROSS_ENCODER_TAG;
  const known = cross || hasTag(model, BI_ENCODER_TAG) || modelType === BI_ENCODER_TAG;
  const module = cross ? "CrossEncoderModule" : "BiEncoderModule";
  const { query, passages } = rankingExample(model);
  return [
    LIGHTNING_IR_INSTALL,
    lines(
      !known && "# The model type is not in the record: load a cross-encoder with CrossEncoderModule instead.",
      `from lightning_ir import ${module}`,
      "",
      `model = ${module}(model_name_or_path=${pyStr(model.id)})`,
      "",
      `query = ${query}`,
      `documents = ${passages}`,
      "output = model.score(query, documents)",
      "print(output.scores)",
    ),
  ];
}
