// Load snippets of detection and recognition libraries: Ultralytics YOLO, YOLOv10, CollectorVision and LVFace.

import { lines } from "../code/lines.js";
import { pyStr, pyStrBody } from "../code/python.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { siblingEndingWith } from "../model-readers.js";
import { hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";
import { COCO_EXAMPLE_IMAGE_URL } from "./vision-helpers.js";

// A YOLO version tag (spec §5): `yolov` followed by digits only, e.g. `yolov8`.
const YOLO_VERSION_TAG = /^yolov\d+$/;

/** The class name shown when no tag gives the YOLO version; the snippet asks the user to replace it. */
const YOLO_PLACEHOLDER_CLASS = "YOLOvXX";

/** The class YOLOv10 checkpoints load with (THU-MIG's fork of ultralytics). */
const YOLOV10_CLASS = "YOLOv10";

/** The card catalog CollectorVision's README searches (Magic: The Gathering, from Scryfall). */
const COLLECTORVISION_CATALOG_BODY = pyStrBody("scryfall-mtg");

/** LVFace ONNX files are large: seconds the hub client waits for the server before giving up (spec §9). */
export const LVFACE_DOWNLOAD_TIMEOUT_S = 300;

/** The model path shown when the record lists no ONNX file. */
const LVFACE_PLACEHOLDER_MODEL = "path/to/model.onnx";

/** The ultralytics class of a YOLO version tag: `yolov8` gives `YOLOv8`, or undefined without such a tag. */
export function yoloClass(model: ModelRecord): string | undefined {
  const tag = model.tags.find((t) => YOLO_VERSION_TAG.test(t));
  // The tag is `yolov<digits>`: keep its `v<digits>` after the upper-case `YOLO` (never `YOLOvv8`).
  return tag === undefined ? undefined : `YOLO${tag.slice("yolo".length)}`;
}

/** Python that loads a YOLO checkpoint with `className` and runs it on the COCO example photo. */
function yoloPredict(model: ModelRecord, className: string, note: string | false): string {
  return lines(
    note,
    `from ultralytics import ${className}`,
    "",
    `model = ${className}.from_pretrained(${pyStr(model.id)})`,
    `source = "${COCO_EXAMPLE_IMAGE_URL}"`,
    "model.predict(source=source, save=True)",
  );
}

const ULTRALYTICS_INSTALL = pipInstall("ultralytics");

/** Ultralytics: the class comes from the model's YOLO version tag; without one, a placeholder to replace. */
export function ultralytics(model: ModelRecord): string[] {
  const className = yoloClass(model);
  return [
    ULTRALYTICS_INSTALL,
    yoloPredict(
      model,
      className ?? YOLO_PLACEHOLDER_CLASS,
      className === undefined && `# Replace ${YOLO_PLACEHOLDER_CLASS} with the YOLO version of this model, e.g. YOLOv8`,
    ),
  ];
}

const YOLOV10_INSTALL = pipInstall("git+https://github.com/THU-MIG/yolov10.git");

/** YOLOv10: THU-MIG's package provides the `YOLOv10` class. */
export function yolov10(model: ModelRecord): string[] {
  return [YOLOV10_INSTALL, yoloPredict(model, YOLOV10_CLASS, false)];
}

const COLLECTORVISION_CODE = template((id) =>
  lines(
    "import cv2",
    "import collector_vision as cvg",
    "",
    "# Downloaded on first use, then cached",
    `catalog = cvg.Catalog.load(${id})`,
    "",
    'image = cv2.imread("photo.jpg")',
    "detection = cvg.NeuralCornerDetector().detect(image)  # the card's corners",
    "crop = detection.dewarp(image)  # the card, straightened",
    "",
    "embedding = catalog.embedder.embed(crop)",
    "score, card_id = catalog.search(embedding, top_k=5)[0]",
    "print(card_id, score)",
  ),
);

const COLLECTORVISION_INSTALL = pipInstall("git+https://github.com/HanClinto/CollectorVision.git");

/** CollectorVision: find the card in a photo, then look it up in the catalog this repository holds. */
export function collectorvision(model: ModelRecord): string[] {
  return [
    COLLECTORVISION_INSTALL,
    COLLECTORVISION_CODE(`"hf://${pyStrBody(model.id)}/${COLLECTORVISION_CATALOG_BODY}"`),
  ];
}

const LVFACE_CODE = template((downloadSh) =>
  lines(
    "git clone https://github.com/bytedance/LVFace.git",
    "cd LVFace",
    "pip install -r requirements.txt",
    "# The ONNX files are large: let each download wait for the server longer than the default",
    `export HF_HUB_DOWNLOAD_TIMEOUT=${LVFACE_DOWNLOAD_TIMEOUT_S}`,
    `${downloadSh}`,
  ),
);

/** LVFace: the repository's ONNX inferencer, on the first ONNX file of the model. */
export function lvface(model: ModelRecord): string[] {
  const onnx = siblingEndingWith(model, ".onnx");
  const modelPath = `${LOCAL_DOWNLOAD_DIR}/${onnx ?? LVFACE_PLACEHOLDER_MODEL}`;
  return [
    LVFACE_CODE(hfDownloadSh(model.id)),
    lines(
      "from inference_onnx import LVFaceONNXInferencer",
      "",
      onnx === undefined && "# Set model_path to one of the .onnx files downloaded above",
      `inferencer = LVFaceONNXInferencer(model_path=${pyStr(modelPath)}, use_gpu=True)`,
      "",
      'feat1 = inferencer.infer_from_image("path/to/face1.jpg")',
      'feat2 = inferencer.infer_from_image("path/to/face2.jpg")',
      "similarity = inferencer.calculate_similarity(feat1, feat2)",
      'print(f"Similarity score: {similarity:.6f}")',
    ),
  ];
}
