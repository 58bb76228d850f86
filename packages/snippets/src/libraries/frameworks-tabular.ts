// Load snippets of the tabular libraries: scikit-learn and SAP's tabular in-context learners.

import { flattenLine, lines, pyComment, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { hfDownloadPy, pipInstall } from "./common.js";

// The file a model without skops configuration is saved as, by the hub's scikit-learn convention.
const SKLEARN_DEFAULT_FILE = "sklearn_model.joblib";
/** Fallback text of the spec (§5) when the sklearn configuration names no file. */
export const SKLEARN_MISSING_FILE = "Model filename not specified in config.json";
const PICKLE_WARNING = "# Only unpickle files from sources you trust: loading a pickle can run arbitrary code.";

const SKLEARN_PICKLE_CODE = template((str, str2) =>
  lines(
    "# pip install -U scikit-learn joblib huggingface_hub",
    "import joblib",
    "from huggingface_hub import hf_hub_download",
    "",
    PICKLE_WARNING,
    `model = joblib.load(hf_hub_download(${str}, ${str2}))`,
  ),
);

/** Python loading a pickled (joblib) estimator file of the repository. */
function sklearnPickle(modelId: string, file: string): string {
  return SKLEARN_PICKLE_CODE(pyStr(modelId), pyStr(file));
}

const SKLEARN_SKOPS_CODE = template((str, str2) =>
  lines(
    "# pip install -U scikit-learn skops huggingface_hub",
    "from huggingface_hub import hf_hub_download",
    "from skops.io import get_untrusted_types, load",
    "",
    `path = hf_hub_download(${str}, ${str2})`,
    "# skops refuses types it does not know; review this list before trusting it.",
    "untrusted_types = get_untrusted_types(file=path)",
    "print(untrusted_types)",
    "model = load(path, trusted=untrusted_types)",
  ),
);

/** Python loading a skops file, trusting only the types the user has looked at. */
function sklearnSkops(modelId: string, file: string): string {
  return SKLEARN_SKOPS_CODE(pyStr(modelId), pyStr(file));
}

const SKLEARN_CODE = template((id) =>
  lines(
    pyComment(SKLEARN_MISSING_FILE),
    "# List the repository's files to find the saved estimator.",
    "from huggingface_hub import list_repo_files",
    "",
    `print(list_repo_files(${id}))`,
  ),
);

/**
 * scikit-learn: models saved with skops carry `config.sklearn` naming the file and its format (`skops` is
 * loaded with `skops.io.load`, anything else as a pickle); models without it follow the joblib convention, except
 * skops-tagged ones, whose missing file name is said (spec §5).
 */
export function sklearn(model: ModelRecord): string[] {
  const config = model.config?.sklearn;
  // A skops model names its file in config.json; without it, guessing the joblib name would load nothing.
  if (!config && !model.tags.includes("skops")) return [sklearnPickle(model.id, SKLEARN_DEFAULT_FILE)];
  const file = config?.model?.file;
  if (typeof file !== "string" || file === "") {
    return [SKLEARN_CODE(pyStr(model.id))];
  }
  return [config?.model_format === "skops" ? sklearnSkops(model.id, file) : sklearnPickle(model.id, file)];
}

/** ConTextTab examples: maximum context rows (spec §9); 8192 is the accuracy setting for 80 GB GPUs. */
export const CONTEXTTAB_MAX_CONTEXT_SIZE = 2048;
/** ConTextTab examples: bagging factor (spec §9); 1 means no bagging. */
export const CONTEXTTAB_BAGGING = 1;

/** How one of SAP's tabular in-context learners is installed and imported. */
interface TabularLearner {
  /** The package's source repository, installed with pip. */
  repoUrl: string;
  /** The Python module the estimators are imported from. */
  module: string;
  /** The scikit-learn style classifier class. */
  classifier: string;
  /** The scikit-learn style regressor class. */
  regressor: string;
}

const CONTEXTTAB: TabularLearner = {
  repoUrl: "https://github.com/SAP-samples/contexttab",
  module: "contexttab",
  classifier: "ConTextTabClassifier",
  regressor: "ConTextTabRegressor",
};

const SAP_RPT_1_OSS: TabularLearner = {
  repoUrl: "https://github.com/SAP-samples/sap-rpt-1-oss",
  module: "sap_rpt_oss",
  classifier: "SAP_RPT_OSS_Classifier",
  regressor: "SAP_RPT_OSS_Regressor",
};

/** A learner's snippets without the model-card comment: the same for every model, so built once per learner. */
interface TabularSnippets {
  /** The pip line. */
  install: string;
  /** The example of classification models, after the comment. */
  classification: string;
  /** The example of tabular-regression models, after the comment. */
  regression: string;
}

const TABULAR_EXAMPLE_CODE = template((value, value2, module, estimator) =>
  lines(
    `${value}`,
    `${value2}`,
    "from sklearn.model_selection import train_test_split",
    "",
    `from ${module} import ${estimator}`,
    "",
    "# A small context without bagging fits modest GPUs; raise both (e.g. 8192 and 8) for the best results.",
    `MAX_CONTEXT_SIZE = ${CONTEXTTAB_MAX_CONTEXT_SIZE}`,
    `BAGGING = ${CONTEXTTAB_BAGGING}`,
    "",
  ),
);

const TABULAR_EXAMPLE_CODE_2 = template((estimator) =>
  lines(
    "data = fetch_openml(data_id=531, as_frame=True)",
    "X, y = data.data, data.target.astype(float)",
    "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)",
    "",
    `regressor = ${estimator}(max_context_size=MAX_CONTEXT_SIZE, bagging=BAGGING)`,
    "regressor.fit(X_train, y_train)",
    `print("R2", r2_score(y_test, regressor.predict(X_test)))`,
  ),
);

const TABULAR_EXAMPLE_CODE_3 = template((estimator) =>
  lines(
    "X, y = load_breast_cancer(return_X_y=True)",
    "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)",
    "",
    `clf = ${estimator}(max_context_size=MAX_CONTEXT_SIZE, bagging=BAGGING)`,
    "clf.fit(X_train, y_train)",
    `print("Accuracy", accuracy_score(y_test, clf.predict(X_test)))`,
  ),
);

/** The example fitting `learner` on a sample table (regression or classification), after the comment line. */
function tabularExample(learner: TabularLearner, regression: boolean): string {
  const estimator = regression ? learner.regressor : learner.classifier;
  const header = TABULAR_EXAMPLE_CODE(
    regression ? "from sklearn.datasets import fetch_openml" : "from sklearn.datasets import load_breast_cancer",
    regression ? "from sklearn.metrics import r2_score" : "from sklearn.metrics import accuracy_score",
    learner.module,
    estimator,
  );
  const body = regression ? TABULAR_EXAMPLE_CODE_2(estimator) : TABULAR_EXAMPLE_CODE_3(estimator);
  return `${header}\n${body}`;
}

function tabularSnippets(learner: TabularLearner): TabularSnippets {
  return {
    install: pipInstall(`git+${learner.repoUrl}`),
    classification: tabularExample(learner, false),
    regression: tabularExample(learner, true),
  };
}

const CONTEXTTAB_SNIPPETS = tabularSnippets(CONTEXTTAB);
const SAP_RPT_1_OSS_SNIPPETS = tabularSnippets(SAP_RPT_1_OSS);

/**
 * An in-context learner fitted on a sample table: regression for tabular-regression models, classification
 * otherwise. The estimators fetch SAP's checkpoint themselves, so the model id is named in a comment.
 */
function tabularLearner(model: ModelRecord, snippets: TabularSnippets): string[] {
  const example = model.pipeline_tag === "tabular-regression" ? snippets.regression : snippets.classification;
  return [
    snippets.install,
    `# Model card: ${flattenLine(model.id)}. The estimator downloads the published checkpoint on first use.\n${example}`,
  ];
}

/** ConTextTab: SAP's semantics-aware tabular in-context learner, used like a scikit-learn estimator. */
export function contexttab(model: ModelRecord): string[] {
  return tabularLearner(model, CONTEXTTAB_SNIPPETS);
}

/** sap-rpt-1-oss: ConTextTab under its new name and package, same checkpoint and estimator interface. */
export function sapRpt1Oss(model: ModelRecord): string[] {
  return tabularLearner(model, SAP_RPT_1_OSS_SNIPPETS);
}

const FLEXTAB_CODE = template((downloadPy) =>
  lines(
    `${downloadPy}`,
    "",
    "# FlexTab's estimators load the checkpoint from local_dir; see the FlexTab README for their options.",
    "print(local_dir)",
  ),
);

const FLEXTAB_INSTALL = pipInstall("git+https://github.com/SAP-samples/flextab");

/** FlexTab: installed from its repository; the checkpoint is downloaded into the local download folder. */
export function flextab(model: ModelRecord): string[] {
  return [FLEXTAB_INSTALL, FLEXTAB_CODE(hfDownloadPy(model.id))];
}
