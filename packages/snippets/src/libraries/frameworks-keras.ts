// Load snippets of the Keras-based libraries: Keras 3, KerasHub, TF-Keras and ZeroModels.

import { flat, isPyIdentifier, lines, pyStr, pyStrBody } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { ownEntry } from "../model-readers.js";
import { pipInstall } from "./common.js";

// Keras 3 runs on several backends; the snippets pick JAX and say which others work.
const KERAS_BACKEND = "jax";
const KERAS_BACKEND_NOTE = `# Keras 3 runs on "jax", "tensorflow" or "torch"; pick one before importing keras.`;

// Lines selecting the Keras backend; they must come before `import keras`.
const KERAS_BACKEND_LINES = flat(
  lines("import os", "", KERAS_BACKEND_NOTE, `os.environ["KERAS_BACKEND"] = ${pyStr(KERAS_BACKEND)}`),
);

const KERAS_CODE = template((id) =>
  lines(
    "# pip install -U keras huggingface_hub",
    KERAS_BACKEND_LINES,
    "",
    "import keras",
    "",
    `model = keras.saving.load_model(${id})`,
    "model.summary()",
  ),
);

/** Keras 3: a saved `.keras` model loaded straight from the hub with an `hf://` path. */
export function keras(model: ModelRecord): string[] {
  return [KERAS_CODE(`"hf://${pyStrBody(model.id)}"`)];
}

// Example calls for the KerasHub tasks that take plain text; other tasks need inputs the page cannot guess.
const KERAS_HUB_TASK_CALLS: Readonly<Record<string, string>> = {
  CausalLM: `print(task.generate("Keras is a", max_length=30))`,
  Seq2SeqLM: `print(task.generate("The quick brown fox jumped.", max_length=30))`,
  TextClassifier: `print(task.predict(["What an amazing movie!", "A total waste of my time."]))`,
};

const KERAS_HUB_CODE = template((preset) =>
  lines(
    "import keras_hub",
    "",
    "# The bare backbone: the network without a task head.",
    `backbone = keras_hub.models.Backbone.from_preset(${preset})`,
    "backbone.summary()",
  ),
);

const KERAS_HUB_INSTALL = pipInstall("keras-hub");

/**
 * KerasHub: one snippet per task class listed in `config.keras_hub.tasks` (names that are not plain Python
 * identifiers are skipped, since they would be written as code), then the backbone every preset carries.
 */
export function kerasHub(model: ModelRecord): string[] {
  const preset = `"hf://${pyStrBody(model.id)}"`;
  const snippets = [KERAS_HUB_INSTALL];
  const seen = new Set<string>();
  const tasks = model.config?.keras_hub?.tasks;
  for (const task of Array.isArray(tasks) ? tasks : []) {
    if (!isPyIdentifier(task) || seen.has(task)) continue;
    seen.add(task);
    snippets.push(
      lines(
        "import keras_hub",
        "",
        `# The preset's ${task} task: the backbone plus its preprocessor and head.`,
        `task = keras_hub.models.${task}.from_preset(${preset})`,
        ownEntry(KERAS_HUB_TASK_CALLS, task),
      ),
    );
  }
  snippets.push(KERAS_HUB_CODE(preset));
  return snippets;
}

const TF_KERAS_CODE = template((id) =>
  lines(
    "# pip install -U tf-keras huggingface_hub",
    "# tf-keras is the Keras 2 line; Keras 3 cannot read these SavedModels.",
    "from huggingface_hub import from_pretrained_keras",
    "",
    `model = from_pretrained_keras(${id})`,
    "model.summary()",
  ),
);

/** TF-Keras (Keras 2): a TensorFlow SavedModel loaded through the hub helper made for it. */
export function tfKeras(model: ModelRecord): string[] {
  return [TF_KERAS_CODE(pyStr(model.id))];
}

// ZeroModels' auto classes by task; the generic one reads the repository's model type and builds the bare model.
const ZEROMODELS_CLASSES: Readonly<Record<string, string>> = {
  "image-classification": "AutoZMImageClassify",
  "image-segmentation": "AutoZMSemanticSegment",
  "object-detection": "AutoZMDetect",
  "text-generation": "AutoZMTextGenerate",
};
const ZEROMODELS_GENERIC_CLASS = "AutoZModel";

const ZEROMODELS_CODE = template((cls, id) =>
  lines(
    KERAS_BACKEND_LINES,
    "",
    `from zeromodels import ${cls}`,
    "",
    `model = ${cls}.from_weights(${id})`,
    "model.summary()",
  ),
);

const ZEROMODELS_INSTALL = pipInstall("zeromodels");

/** ZeroModels (pure Keras 3): the task loader matching the pipeline tag, or the generic auto class. */
export function zeromodels(model: ModelRecord): string[] {
  const cls = ownEntry(ZEROMODELS_CLASSES, model.pipeline_tag) ?? ZEROMODELS_GENERIC_CLASS;
  return [ZEROMODELS_INSTALL, ZEROMODELS_CODE(cls, pyStr(model.id))];
}
