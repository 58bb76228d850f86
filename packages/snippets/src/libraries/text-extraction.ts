// Information extraction libraries: entity recognition and linking (SpanMarker, GLiNER, GLiNER2, ReLiK)
// and the linguistic pipelines (Flair, spaCy, Stanza, EDS-NLP).

import { lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import { shQuote } from "../code/sh.js";
import { template } from "../code/template.js";
import { flattenLine } from "../code/visible.js";
import type { ModelRecord } from "../model.js";
import { repoName, widgetText } from "../model-readers.js";
import { pipInstall } from "./common.js";
import { PY_EXAMPLES, pyOr } from "./text-example-literals.js";
import { EXAMPLE_CLASSIFY_TEXTS } from "./text-examples.js";

/** The example sentence of English pipelines without a widget example. */
const EXAMPLE_SENTENCE = "Barack Obama was born in Hawaii.";

/** EDS-NLP processes French clinical text; its example is a French note. */
const EXAMPLE_CLINICAL_NOTE = "Le patient est admis le 3 janvier 2024 pour une douleur thoracique.";

/** Namespace of the official Stanza models, which `stanza.download` fetches by language code. */
const STANZA_NAMESPACE = "stanfordnlp";

/** The example text of a pipeline: the widget's, else a review for classifiers and a plain sentence for others. */
function exampleText(model: ModelRecord): string {
  const text = widgetText(model);
  if (text !== undefined) return text;
  return model.pipeline_tag === "text-classification" ? EXAMPLE_CLASSIFY_TEXTS[0] : EXAMPLE_SENTENCE;
}

const SPAN_MARKER_CODE = template((id, text) =>
  lines(
    "from span_marker import SpanMarkerModel",
    "",
    `model = SpanMarkerModel.from_pretrained(${id})`,
    "",
    `entities = model.predict(${text})`,
    "print(entities)",
  ),
);

const SPAN_MARKER_INSTALL = pipInstall("span-marker");

/** Snippets that load a SpanMarker entity recognizer and tag a sentence. */
export function spanMarker(model: ModelRecord): string[] {
  return [SPAN_MARKER_INSTALL, SPAN_MARKER_CODE(pyStr(model.id), pyOr(widgetText(model), PY_EXAMPLES.entityText))];
}

const GLINER_CODE = template((id, text) =>
  lines(
    "from gliner import GLiNER",
    "",
    `model = GLiNER.from_pretrained(${id})`,
    "",
    `text = ${text}`,
    `labels = ${PY_EXAMPLES.entityLabels}`,
    "entities = model.predict_entities(text, labels, threshold=0.5)",
    "for entity in entities:",
    '    print(entity["text"], "=>", entity["label"])',
  ),
);

const GLINER_INSTALL = pipInstall("gliner");

/** Snippets that load a GLiNER model and extract entities of example labels. */
export function gliner(model: ModelRecord): string[] {
  return [GLINER_INSTALL, GLINER_CODE(pyStr(model.id), pyOr(widgetText(model), PY_EXAMPLES.entityText))];
}

const GLINER2_CODE = template((id, text) =>
  lines(
    "from gliner2 import GLiNER2",
    "",
    `extractor = GLiNER2.from_pretrained(${id})`,
    "",
    `text = ${text}`,
    `result = extractor.extract_entities(text, ${PY_EXAMPLES.entityLabels})`,
    "print(result)",
  ),
);

const GLINER2_INSTALL = pipInstall("gliner2");

/** Snippets that load a GLiNER2 extractor and extract entities of example labels. */
export function gliner2(model: ModelRecord): string[] {
  return [GLINER2_INSTALL, GLINER2_CODE(pyStr(model.id), pyOr(widgetText(model), PY_EXAMPLES.entityText))];
}

const RELIK_CODE = template((id, text) =>
  lines(
    "from relik import Relik",
    "",
    `relik = Relik.from_pretrained(${id})`,
    `relik_out = relik(${text})`,
    "print(relik_out)",
  ),
);

const RELIK_INSTALL = pipInstall("relik");

/** Snippets that load a ReLiK pipeline (entity linking or relation extraction) and run it on a sentence. */
export function relik(model: ModelRecord): string[] {
  return [RELIK_INSTALL, RELIK_CODE(pyStr(model.id), pyStr(widgetText(model) ?? EXAMPLE_SENTENCE))];
}

const FLAIR_CODE = template((cls, name, id, str) =>
  lines(
    "from flair.data import Sentence",
    `from flair.models import ${cls}`,
    "",
    `${name} = ${cls}.load(${id})`,
    "",
    `sentence = Sentence(${str})`,
    `${name}.predict(sentence)`,
    "print(sentence)",
  ),
);

const FLAIR_INSTALL = pipInstall("flair");

/** Snippets that load a Flair model: a TextClassifier for text classification, a SequenceTagger otherwise. */
export function flair(model: ModelRecord): string[] {
  const [cls, name] =
    model.pipeline_tag === "text-classification" ? ["TextClassifier", "classifier"] : ["SequenceTagger", "tagger"];
  return [FLAIR_INSTALL, FLAIR_CODE(cls, name, pyStr(model.id), pyStr(exampleText(model)))];
}

const SPACY_CODE = template((str, str2, pipeline_tag) =>
  lines("import spacy", "", `nlp = spacy.load(${str})`, `doc = nlp(${str2})`, `${pipeline_tag}`),
);

/** Snippets that install a spaCy pipeline from its wheel in the repository and run it on a sentence. */
export function spacy(model: ModelRecord): string[] {
  // spacy-huggingface-hub names the repository after the package, and the wheel after both.
  const name = repoName(model);
  const wheel = `https://huggingface.co/${model.id}/resolve/main/${name}-any-py3-none-any.whl`;
  return [
    `pip install ${shQuote(wheel)}`,
    SPACY_CODE(pyStr(name), pyStr(exampleText(model)), spacyOutput(model.pipeline_tag)),
  ];
}

/** What a spaCy example prints: the annotations of the pipeline's task. */
function spacyOutput(task: string | undefined): string {
  if (task === "token-classification") return "print([(ent.text, ent.label_) for ent in doc.ents])";
  if (task === "text-classification") return "print(doc.cats)";
  return "print([(token.text, token.pos_, token.dep_) for token in doc])";
}

const STANZA_INSTALL = pipInstall("stanza");

/** Snippets that download the Stanza models of the repository's language and run its pipeline. */
export function stanza(model: ModelRecord): string[] {
  // Stanza repositories are named stanza-<language code>; the library fetches models by that code.
  const name = repoName(model);
  const lang = name.startsWith("stanza-") ? name.slice("stanza-".length) : name;
  const official = model.id.startsWith(`${STANZA_NAMESPACE}/`);
  return [
    STANZA_INSTALL,
    lines(
      "import stanza",
      "",
      `# ${flattenLine(model.id)} holds the Stanza models of the language "${flattenLine(lang)}".`,
      !official && `# stanza.download fetches the official ${STANZA_NAMESPACE}/stanza-<language> models.`,
      `stanza.download(${pyStr(lang)})`,
      `nlp = stanza.Pipeline(${pyStr(lang)})`,
      `doc = nlp(${pyStr(widgetText(model) ?? EXAMPLE_SENTENCE)})`,
      "print(doc)",
    ),
  ];
}

const EDSNLP_CODE = template((id, text) =>
  lines(
    "import edsnlp",
    "",
    `nlp = edsnlp.load(${id})`,
    `doc = nlp(${text})`,
    "for ent in doc.ents:",
    "    print(ent, ent.label_)",
  ),
);

const EDSNLP_INSTALL = pipInstall("'edsnlp[ml]'");

/** Snippets that load an EDS-NLP pipeline and print the entities it finds in a clinical note. */
export function edsnlp(model: ModelRecord): string[] {
  return [EDSNLP_INSTALL, EDSNLP_CODE(pyStr(model.id), pyStr(widgetText(model) ?? EXAMPLE_CLINICAL_NOTE))];
}
