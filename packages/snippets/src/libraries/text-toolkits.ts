// NLP toolkits that load a hub model through their own loader: SetFit, AllenNLP, fairseq, fastText, BERTopic,
// PaddleNLP and MultiMolecule.

import { lines } from "../code/lines.js";
import { isPyIdentifier, pyStr, pyStrBody, pyValue } from "../code/python.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { siblingEndingWith, widgetText } from "../model-readers.js";
import { pipInstall } from "./common.js";
import { PY_EXAMPLES } from "./text-example-literals.js";
import { EXAMPLE_QUESTION } from "./text-examples.js";
import { pyList } from "./text-literals.js";
import { widgetQuestion } from "./text-record.js";

/** The fastText model file when the record lists no `.bin` file: the name fastText repositories use. */
const FASTTEXT_DEFAULT_FILE = "model.bin";

/** The example sentence of toolkits without a widget example. */
const EXAMPLE_SENTENCE = "The quick brown fox jumps over the lazy dog.";

/** An RNA sequence: the input of MultiMolecule examples without a widget example. */
const EXAMPLE_RNA = "UAGCUUAUCAGACUGAUGUUGA";

const SETFIT_CODE = template((id, value) =>
  lines(
    "from setfit import SetFitModel",
    "",
    `model = SetFitModel.from_pretrained(${id})`,
    "",
    `predictions = model.predict(${value})`,
    "print(predictions)",
  ),
);

const SETFIT_INSTALL = pipInstall("setfit");

/** Snippets that load a SetFit classifier and classify example texts. */
export function setfit(model: ModelRecord): string[] {
  const text = widgetText(model);
  return [
    SETFIT_INSTALL,
    SETFIT_CODE(pyStr(model.id), text === undefined ? PY_EXAMPLES.classifyTexts : pyList([text])),
  ];
}

const ALLENNLP_INSTALL = pipInstall("allennlp", "allennlp-models");

/** Snippets that load an AllenNLP predictor from the hub and, for the tasks with a known input, run it. */
export function allennlp(model: ModelRecord): string[] {
  return [
    ALLENNLP_INSTALL,
    lines(
      "import allennlp_models",
      "from allennlp.predictors.predictor import Predictor",
      "",
      `predictor = Predictor.from_path("hf://${pyStrBody(model.id)}")`,
      allennlpCall(model),
    ),
  ];
}

/** The predictor call of the tasks whose JSON input is the same for every model; nothing otherwise. */
function allennlpCall(model: ModelRecord): string | undefined {
  switch (model.pipeline_tag) {
    case "question-answering": {
      const example = widgetQuestion(model) ?? EXAMPLE_QUESTION;
      const input = { passage: example.context, question: example.question };
      return `predictions = predictor.predict_json(${pyValue(input)})\nprint(predictions)`;
    }
    case "text-classification":
    case "token-classification": {
      const input = { sentence: widgetText(model) ?? EXAMPLE_SENTENCE };
      return `predictions = predictor.predict_json(${pyValue(input)})\nprint(predictions)`;
    }
    default:
      return undefined;
  }
}

const FAIRSEQ_CODE = template((id) =>
  lines(
    "from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub",
    "",
    `models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${id})`,
    "model = models[0]",
  ),
);

const FAIRSEQ_INSTALL = pipInstall("fairseq");

/** Snippets that load a fairseq model ensemble, its configuration and task from the hub. */
export function fairseq(model: ModelRecord): string[] {
  return [FAIRSEQ_INSTALL, FAIRSEQ_CODE(pyStr(model.id))];
}

const FASTTEXT_CODE = template((id, str, pipeline_tag) =>
  lines(
    "import fasttext",
    "from huggingface_hub import hf_hub_download",
    "",
    `model_path = hf_hub_download(repo_id=${id}, filename=${str})`,
    "model = fasttext.load_model(model_path)",
    `${pipeline_tag}`,
  ),
);

const FASTTEXT_INSTALL = pipInstall("fasttext", "huggingface_hub");

/** Snippets that download a fastText model file and classify or embed a sentence with it. */
export function fasttext(model: ModelRecord): string[] {
  const file = siblingEndingWith(model, ".bin") ?? FASTTEXT_DEFAULT_FILE;
  const text = pyStr(widgetText(model) ?? EXAMPLE_SENTENCE);
  return [
    FASTTEXT_INSTALL,
    FASTTEXT_CODE(
      pyStr(model.id),
      pyStr(file),
      model.pipeline_tag === "text-classification"
        ? `print(model.predict(${text}))`
        : `print(model.get_sentence_vector(${text}))`,
    ),
  ];
}

const BERTOPIC_CODE = template((id) =>
  lines(
    "from bertopic import BERTopic",
    "",
    `topic_model = BERTopic.load(${id})`,
    "print(topic_model.get_topic_info())",
  ),
);

const BERTOPIC_INSTALL = pipInstall("bertopic");

/** Snippets that load a BERTopic topic model and print its topics. */
export function bertopic(model: ModelRecord): string[] {
  return [BERTOPIC_INSTALL, BERTOPIC_CODE(pyStr(model.id))];
}

const PADDLENLP_CODE = template((value, load, cls) =>
  lines(`from paddlenlp.transformers import ${value}`, "", `tokenizer = AutoTokenizer${load}`, `model = ${cls}${load}`),
);

const PADDLENLP_INSTALL = pipInstall("paddlenlp");

/** Snippets that load a PaddleNLP model from the hub, with its architecture class when config.json names a valid one. */
export function paddlenlp(model: ModelRecord): string[] {
  const architectures = model.config?.architectures;
  const architecture = Array.isArray(architectures) ? architectures[0] : undefined;
  const cls = isPyIdentifier(architecture) ? architecture : "AutoModel";
  const load = `.from_pretrained(${pyStr(model.id)}, from_hf_hub=True)`;
  return [
    PADDLENLP_INSTALL,
    PADDLENLP_CODE(cls < "AutoTokenizer" ? `${cls}, AutoTokenizer` : `AutoTokenizer, ${cls}`, load, cls),
  ];
}

const MULTIMOLECULE_CODE = template((id, sequence) =>
  lines(
    "import multimolecule  # registers the MultiMolecule models with transformers",
    "from transformers import AutoModel, AutoTokenizer",
    "",
    `tokenizer = AutoTokenizer.from_pretrained(${id})`,
    `model = AutoModel.from_pretrained(${id})`,
    "",
    `inputs = tokenizer(${sequence}, return_tensors="pt")`,
    "outputs = model(**inputs)",
    "print(outputs.last_hidden_state.shape)",
  ),
);

const MULTIMOLECULE_CODE_2 = template((str, id, input) =>
  lines(
    "import multimolecule  # registers the MultiMolecule models and pipelines with transformers",
    "from transformers import pipeline",
    "",
    `predictor = pipeline(${str}, model=${id})`,
    `output = predictor(${input})`,
    "print(output)",
  ),
);

const MULTIMOLECULE_INSTALL = pipInstall("multimolecule");

/** Snippets for a MultiMolecule model: the transformers pipeline of its task, then a direct load. */
export function multimolecule(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  const text = widgetText(model);
  const sequence = pyStr(text ?? EXAMPLE_RNA);
  const direct = MULTIMOLECULE_CODE(id, sequence);
  const task = model.pipeline_tag;
  if (!task) return [MULTIMOLECULE_INSTALL, direct];
  // A fill-mask example needs the model's own mask token in the sequence.
  const input =
    task === "fill-mask" && text === undefined ? `f"UAGCUUAUC{predictor.tokenizer.mask_token}GACUGAUGUUGA"` : sequence;
  const pipeline = MULTIMOLECULE_CODE_2(pyStr(task), id, input);
  return [MULTIMOLECULE_INSTALL, pipeline, direct];
}
