// The branch rules of the "text" family's snippets, one example of use each.
import { describe, expect, it } from "vitest";
import { pyStr } from "../code/python.js";
import { shQuote } from "../code/sh.js";
import type { ModelRecord } from "../model.js";
import { snippetLanguage } from "./snippet-language.js";
import {
  adapterTransformers,
  fasttext,
  flair,
  gliner,
  gliner2,
  lightningIr,
  paddlenlp,
  peft,
  sentenceTransformers,
  setfit,
  spacy,
  spanMarker,
  stanza,
  transformers,
  transformersJs,
} from "./text.js";
import { PEFT_TASK_CLASSES } from "./text-adapters.js";
import { MAX_NEW_TOKENS } from "./text-transformers-chat.js";

/** A record of `acme/demo-model` with `fields` on top. */
function model(fields: Partial<ModelRecord> = {}): ModelRecord {
  return { id: "acme/demo-model", tags: [], ...fields };
}

const CAUSAL_LM = { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" };
const QUOTED = 'She said "hi" and left\\n';

describe("transformers", () => {
  it("gives a conversational model a chat through the chat template, limited to 40 new tokens", () => {
    const snippets = transformers(
      model({ tags: ["conversational"], pipeline_tag: "text-generation", transformersInfo: CAUSAL_LM }),
    );
    expect(MAX_NEW_TOKENS).toBe(40);
    expect(snippets).toHaveLength(2);
    for (const code of snippets) expect(code).toContain('messages = [\n    {"role": "user", "content": ');
    expect(snippets[0]).toContain("output = pipe(messages, max_new_tokens=40)");
    expect(snippets[1]).toContain("tokenizer.apply_chat_template(\n    messages,");
    expect(snippets[1]).toContain("model.generate(**inputs, max_new_tokens=40)");
    expect(snippets.join("\n").match(/max_new_tokens=\d+/g)).toEqual(["max_new_tokens=40", "max_new_tokens=40"]);
  });

  it("limits plain text generation to 40 new tokens too, in the pipeline and the direct load", () => {
    const snippets = transformers(model({ pipeline_tag: "text-generation", transformersInfo: CAUSAL_LM }));
    expect(snippets[0]).toMatch(/^output = pipe\("[^"]+", max_new_tokens=40\)$/m);
    expect(snippets[1]).toContain("outputs = model.generate(**inputs, max_new_tokens=40)");
  });

  it("asks the widget's question only together with the widget's context", () => {
    const qa = (widgetData: ModelRecord["widgetData"]) =>
      transformers(model({ pipeline_tag: "question-answering", widgetData }))[0];
    expect(qa([{ text: "Who?", context: "Ann did." }])).toContain('pipe(question="Who?", context="Ann did.")');
    expect(qa([{ text: "Who?" }])).not.toContain('"Who?"');
  });

  it("puts an image and a question in the chat message of an image-text-to-text model", () => {
    const info = { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" };
    const [pipe, direct] = transformers(model({ pipeline_tag: "image-text-to-text", transformersInfo: info }));
    for (const code of [pipe, direct]) {
      expect(code).toMatch(/\{"type": "image", "url": "https:\/\/[^"]+"\},\n\s+\{"type": "text", "text": "[^"]+"\}/);
    }
    expect(pipe).toContain("pipe(text=messages, max_new_tokens=40)");
    expect(direct).toContain("processor.apply_chat_template(");
  });

  it("scores an image against candidate labels for zero-shot image classification", () => {
    const [pipe] = transformers(model({ pipeline_tag: "zero-shot-image-classification" }));
    expect(pipe).toMatch(
      /output = pipe\("https:\/\/[^"]+\.png", candidate_labels=\["animals", "humans", "landscape"\]\)/,
    );
  });

  it("classifies an example image for image classification, in the pipeline and the direct load", () => {
    const info = { auto_model: "AutoModelForImageClassification", processor: "AutoImageProcessor" };
    const [pipe, direct] = transformers(model({ pipeline_tag: "image-classification", transformersInfo: info }));
    expect(pipe).toMatch(/output = pipe\("https:\/\/[^"]+parrots\.png"\)/);
    expect(direct).toContain("from transformers.image_utils import load_image");
    expect(direct).toContain('inputs = processor(images=image, return_tensors="pt")');
  });

  it("enables remote code wherever the model, processor or pipeline loads, for a custom_code model", () => {
    const record = model({ tags: ["custom_code", "conversational"], pipeline_tag: "text-generation" });
    const loads = transformers({ ...record, transformersInfo: CAUSAL_LM })
      .flatMap((code) => code.split("\n"))
      .filter((line) => line.includes("from_pretrained(") || line.includes("pipeline("));
    expect(loads).toHaveLength(3);
    for (const line of loads) expect(line).toContain("trust_remote_code=True)");
    expect(transformers({ ...record, tags: ["conversational"] }).join("\n")).not.toContain("trust_remote_code");
  });

  it("says the type of model is unknown without transformersInfo, and loads the task's auto class", () => {
    const snippets = transformers(model({ pipeline_tag: "text-classification" }));
    const direct = snippets.at(-1) ?? "";
    expect(direct.split("\n")[0]).toBe("# Type of model unknown.");
    expect(direct).toContain('model = AutoModelForSequenceClassification.from_pretrained("acme/demo-model")');
    expect(transformers(model({ transformersInfo: CAUSAL_LM })).join("\n")).not.toContain("Type of model unknown");
  });

  it("loads with the auto_model and processor classes of transformersInfo", () => {
    const info = { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" };
    const [direct] = transformers(model({ transformersInfo: info }));
    expect(direct).toContain("from transformers import AutoModelForSeq2SeqLM, AutoTokenizer");
    expect(direct).toContain('tokenizer = AutoTokenizer.from_pretrained("acme/demo-model")');
  });

  it("never writes class names that are not Python identifiers, and says its guess is one", () => {
    const info = { auto_model: "AutoModel; import os", processor: "Auto-Tokenizer" };
    const [direct] = transformers(model({ transformersInfo: info }));
    expect(direct).not.toContain("import os");
    expect(direct).not.toContain("Auto-Tokenizer");
    expect(direct).toContain("best guess");
    expect(direct).toContain('model = AutoModel.from_pretrained("acme/demo-model")');
  });

  it("offers the pipeline only for tasks the transformers pipeline accepts", () => {
    expect(transformers(model({ pipeline_tag: "sentence-similarity" }))).toHaveLength(1);
    const [pipe] = transformers(model({ pipeline_tag: "token-classification", widgetData: [{ text: QUOTED }] }));
    expect(pipe).toContain(`pipe = pipeline("token-classification", model="acme/demo-model")`);
    expect(pipe).toContain(`output = pipe(${pyStr(QUOTED)})`);
  });
});

describe("transformers.js", () => {
  it("writes JS that imports the pipeline of the model's task", () => {
    const [install, code] = transformersJs(model({ pipeline_tag: "sentence-similarity" }));
    expect(install).toBe("npm i @huggingface/transformers");
    expect(snippetLanguage(code ?? "")).toBe("js");
    expect(code).toContain('import { pipeline } from "@huggingface/transformers";');
    expect(code).toContain('await pipeline("feature-extraction", "acme/demo-model")');
  });

  it("chats with a conversational text-generation model, limited to 40 new tokens", () => {
    const [, code] = transformersJs(model({ tags: ["conversational"], pipeline_tag: "text-generation" }));
    expect(code).toContain('const messages = [\n    { role: "user", content: ');
    expect(code).toContain("await pipe(messages, { max_new_tokens: 40 })");
  });

  it("comments on an unknown pipeline tag and loads the auto classes instead", () => {
    const [, code] = transformersJs(model());
    expect(code?.split("\n")[0]).toBe("// Unknown pipeline tag");
    expect(code).toContain('await AutoModel.from_pretrained("acme/demo-model")');
    expect(transformersJs(model({ pipeline_tag: "text-to-image" }))[1]).toContain("no pipeline for the task");
  });
});

describe("adapter-transformers", () => {
  it("loads the base model of config.adapter_transformers, then the adapter", () => {
    const record = model({ config: { adapter_transformers: { model_name: "roberta-base" } } });
    const [, code] = adapterTransformers(record);
    expect(code).toContain('AutoAdapterModel.from_pretrained("roberta-base")');
    expect(code).toContain('model.load_adapter("acme/demo-model", set_active=True)');
  });

  it("says the base model is not found when the record has none", () => {
    const [, code] = adapterTransformers(model({ config: { adapter_transformers: {} } }));
    expect(code?.split("\n")[0]).toBe("# Base model is not found.");
    expect(code).not.toContain("undefined");
  });
});

describe("peft", () => {
  it.each(Object.entries(PEFT_TASK_CLASSES))("loads a %s adapter on its base model's auto class", (task, classes) => {
    const config = { peft: { base_model_name_or_path: "org/base", task_type: task } };
    const [, code] = peft(model({ config }));
    expect(code).toContain(`base_model = ${classes.transformers}.from_pretrained("org/base")`);
    expect(code).toContain('model = PeftModel.from_pretrained(base_model, "acme/demo-model")');
  });

  it("maps exactly the task types of the spec", () => {
    expect(Object.keys(PEFT_TASK_CLASSES).sort()).toEqual(["CAUSAL_LM", "SEQ_2_SEQ_LM", "SEQ_CLS", "TOKEN_CLS"]);
  });

  it("says the task type is invalid, or the base model not found, and loads with AutoPeftModel", () => {
    const invalid = peft(model({ config: { peft: { base_model_name_or_path: "org/base", task_type: "QA" } } }))[1];
    expect(invalid).toContain("# Task type is invalid.");
    expect(invalid).toContain('AutoPeftModel.from_pretrained("acme/demo-model")');
    const noBase = peft(model({ config: { peft: { task_type: "SEQ_CLS" } } }))[1];
    expect(noBase).toContain("# Base model is not found.");
    expect(noBase).toContain('AutoPeftModelForSequenceClassification.from_pretrained("acme/demo-model")');
  });
});

describe("sentence-transformers", () => {
  it("uses PyLate's ColBERT for a model tagged PyLate", () => {
    const [install, code] = sentenceTransformers(model({ tags: ["PyLate"] }));
    expect(install).toBe("pip install -U pylate");
    expect(code).toContain('models.ColBERT(model_name_or_path="acme/demo-model")');
  });

  it("uses a CrossEncoder for a cross-encoder tag or a text-ranking model", () => {
    for (const record of [model({ tags: ["cross-encoder"] }), model({ pipeline_tag: "text-ranking" })]) {
      expect(sentenceTransformers(record)[1]).toContain('model = CrossEncoder("acme/demo-model")');
    }
  });

  it("compares the widget's source sentence with its sentences, escaped", () => {
    const widgetData = [{ source_sentence: QUOTED, sentences: ["First", "Second"] }];
    const [, code] = sentenceTransformers(model({ widgetData }));
    expect(code).toContain(`source_sentence = ${pyStr(QUOTED)}`);
    expect(code).toContain('sentences = [\n    "First",\n    "Second",\n]');
    expect(code).toContain("model.similarity(source_embedding, embeddings)");
  });

  it("embeds example sentences when the model has no widget example", () => {
    const [, code] = sentenceTransformers(model());
    expect(code).toContain('SentenceTransformer("acme/demo-model")');
    expect(code).toContain("model.similarity(embeddings, embeddings)");
  });
});

describe("libraries that run on the widget text", () => {
  it.each([
    ["setfit", setfit],
    ["span-marker", spanMarker],
    ["gliner", gliner],
    ["gliner2", gliner2],
    ["flair", flair],
  ] as const)("%s escapes the widget text into its example", (_, fn) => {
    expect(fn(model({ widgetData: [{ text: QUOTED }] })).join("\n")).toContain(pyStr(QUOTED));
  });
});

describe("task-dependent libraries", () => {
  it("flair loads a TextClassifier for text classification and a SequenceTagger otherwise", () => {
    expect(flair(model({ pipeline_tag: "text-classification" }))[1]).toContain(
      'TextClassifier.load("acme/demo-model")',
    );
    expect(flair(model())[1]).toContain('SequenceTagger.load("acme/demo-model")');
  });

  it("fastText downloads the repository's .bin file, predicting only for classifiers", () => {
    const siblings = [{ rfilename: "README.md" }, { rfilename: "cc.en.300.bin" }];
    const vectors = fasttext(model({ siblings }))[1];
    expect(vectors).toContain('filename="cc.en.300.bin"');
    expect(vectors).toContain("model.get_sentence_vector(");
    const classifier = fasttext(model({ pipeline_tag: "text-classification" }))[1];
    expect(classifier).toContain('filename="model.bin"');
    expect(classifier).toContain("model.predict(");
  });

  it("spaCy installs the wheel named after the repository and loads the package", () => {
    const [install, code] = spacy(model({ id: "spacy/en_core_web_sm" }));
    const wheel = "https://huggingface.co/spacy/en_core_web_sm/resolve/main/en_core_web_sm-any-py3-none-any.whl";
    expect(install).toBe(`pip install ${shQuote(wheel)}`);
    expect(code).toContain('nlp = spacy.load("en_core_web_sm")');
  });

  it("Stanza downloads the language named by the repository", () => {
    const [, code] = stanza(model({ id: "stanfordnlp/stanza-fr" }));
    expect(code).toContain('stanza.download("fr")\nnlp = stanza.Pipeline("fr")');
    expect(code).not.toContain("official");
  });

  it("Lightning IR picks the module of the model type", () => {
    expect(lightningIr(model({ tags: ["cross-encoder"] }))[1]).toContain("CrossEncoderModule(model_name_or_path=");
    const unknown = lightningIr(model())[1];
    expect(unknown).toContain("BiEncoderModule(model_name_or_path=");
    expect(unknown).toContain("# The model type is not in the record");
  });

  it("PaddleNLP loads the architecture of config.json only when it is a Python name", () => {
    expect(paddlenlp(model({ config: { architectures: ["ErnieModel"] } }))[1]).toContain("model = ErnieModel.from");
    expect(paddlenlp(model({ config: { architectures: ["Ernie()"] } }))[1]).toContain("model = AutoModel.from");
  });
});
