// Load snippets of document and handwriting libraries: HTRflow and PaddleOCR.

import { lines } from "../code/lines.js";
import { pyStr } from "../code/python.js";
import { template } from "../code/template.js";
import { flattenLine } from "../code/visible.js";
import type { ModelRecord } from "../model.js";
import { repoName, repoNamespace } from "../model-readers.js";
import { hfDownloadPy, pipInstall } from "./common.js";

/** Spec §5 fallback, shown when the record does not tell which kind of model this is. */
const TYPE_UNKNOWN = "Type of model unknown.";

/** An HTRflow pipeline step and the model class it runs this model with. */
interface HtrflowRole {
  /** The pipeline step, e.g. `TextRecognition`. */
  step: string;
  /** HTRflow's model class, e.g. `TrOCR`. */
  modelClass: string;
  /** The export format that keeps what the step produces: text, or the regions found (PageXML). */
  format: string;
}

/** HTRflow roles by pipeline tag: text recognition reads lines, segmentation finds regions and lines. */
const HTRFLOW_ROLES: Readonly<Record<string, HtrflowRole>> = {
  "image-to-text": { step: "TextRecognition", modelClass: "TrOCR", format: "txt" },
  "object-detection": { step: "Segmentation", modelClass: "YOLO", format: "page" },
  "image-segmentation": { step: "Segmentation", modelClass: "YOLO", format: "page" },
};

/** The role assumed when the pipeline tag does not tell: the most common HTRflow model, a line reader. */
const HTRFLOW_DEFAULT_ROLE: HtrflowRole = { step: "TextRecognition", modelClass: "TrOCR", format: "txt" };

/** PaddleOCR modules by the task tag the hub's PaddleOCR models carry. */
const PADDLEOCR_MODULES_BY_TAG: ReadonlyArray<readonly [string, string]> = [
  ["textline_detection", "TextDetection"],
  ["textline_recognition", "TextRecognition"],
  ["doc_img_orientation_classification", "DocImgOrientationClassification"],
  ["textline_orientation_classification", "TextLineOrientationClassification"],
];

/** PaddleOCR modules by the end of the model name, for records without a task tag. */
const PADDLEOCR_MODULES_BY_SUFFIX: ReadonlyArray<readonly [string, string]> = [
  ["_det", "TextDetection"],
  ["_rec", "TextRecognition"],
  ["_doc_ori", "DocImgOrientationClassification"],
  ["_textline_ori", "TextLineOrientationClassification"],
];

/** The namespace of PaddlePaddle's own models, which PaddleOCR downloads by model name. */
const PADDLEOCR_OFFICIAL_NAMESPACE = "PaddlePaddle";

const HTRFLOW_INSTALL = pipInstall("'htrflow[all]'");

/** HTRflow: a pipeline with this model in the step its task calls for, exporting what that step produces. */
export function htrflow(model: ModelRecord): string[] {
  const tag = model.pipeline_tag;
  const known = tag !== undefined && Object.hasOwn(HTRFLOW_ROLES, tag) ? HTRFLOW_ROLES[tag] : undefined;
  const role = known ?? HTRFLOW_DEFAULT_ROLE;
  const input = role.step === "TextRecognition" ? "path/to/text_line.jpg" : "path/to/page.jpg";
  return [
    HTRFLOW_INSTALL,
    lines(
      "from htrflow.pipeline.pipeline import Pipeline",
      "from htrflow.volume.volume import Collection",
      "",
      known === undefined && `# ${TYPE_UNKNOWN} It is used here as a text recognition model.`,
      "pipeline = Pipeline.from_config({",
      '    "steps": [',
      "        {",
      `            "step": "${role.step}",`,
      '            "settings": {',
      `                "model": "${role.modelClass}",`,
      `                "model_settings": {"model": ${pyStr(model.id)}},`,
      "            },",
      "        },",
      `        {"step": "Export", "settings": {"dest": "outputs", "format": "${role.format}"}},`,
      "    ],",
      "})",
      "",
      `collection = Collection([${pyStr(input)}])`,
      "pipeline.run(collection)",
    ),
  ];
}

/** The PaddleOCR module class of a model: from its task tag, else from the end of its name. */
function paddleOcrModule(model: ModelRecord): string | undefined {
  for (const [tag, module] of PADDLEOCR_MODULES_BY_TAG) {
    if (model.tags.includes(tag)) return module;
  }
  const name = repoName(model);
  for (const [suffix, module] of PADDLEOCR_MODULES_BY_SUFFIX) {
    if (name.endsWith(suffix)) return module;
  }
  return undefined;
}

const PADDLE_OCR_CODE = template((downloadPy) =>
  lines(
    `# ${TYPE_UNKNOWN}`,
    "# Load the files below with the PaddleOCR module of this model's task: https://www.paddleocr.ai/",
    `${downloadPy}`,
  ),
);

const PADDLE_OCR_INSTALL = pipInstall("paddlepaddle", "paddleocr");

/** PaddleOCR: the module of the model's task, by model name (PaddlePaddle's own) or from the downloaded files. */
export function paddleOcr(model: ModelRecord): string[] {
  const install = PADDLE_OCR_INSTALL;
  const module = paddleOcrModule(model);
  if (module === undefined) {
    return [install, PADDLE_OCR_CODE(hfDownloadPy(model.id))];
  }
  const official = repoNamespace(model) === PADDLEOCR_OFFICIAL_NAMESPACE;
  const name = pyStr(repoName(model));
  return [
    install,
    lines(
      !official && "from huggingface_hub import snapshot_download",
      `from paddleocr import ${module}`,
      "",
      official
        ? lines(
            `# PaddleOCR downloads ${flattenLine(model.id)} by its model name`,
            `model = ${module}(model_name=${name})`,
          )
        : lines(
            `model_dir = snapshot_download(${pyStr(model.id)})`,
            "# model_name: the PaddleOCR model this checkpoint was trained from",
            `model = ${module}(model_name=${name}, model_dir=model_dir)`,
          ),
      'output = model.predict(input="path/to/image.png", batch_size=1)',
      "for res in output:",
      "    res.print()",
      '    res.save_to_img(save_path="./output/")',
      '    res.save_to_json(save_path="./output/res.json")',
    ),
  ];
}
