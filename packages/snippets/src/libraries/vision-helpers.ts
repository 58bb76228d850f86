// Pieces the "vision" snippets share: example inputs as Python literals, built from the model-record readers.
import { pyStr } from "../code/python.js";
import type { ModelRecord } from "../model.js";
import { widgetCandidateLabels, widgetSrc } from "../model-readers.js";
import { EXAMPLE_IMAGE_URL } from "./text-examples.js";
import { pyList } from "./text-literals.js";

/** The COCO photo (two cats on a couch) the detection examples run on. */
export const COCO_EXAMPLE_IMAGE_URL = "http://images.cocodataset.org/val2017/000000039769.jpg";

/** Candidate labels of the zero-shot examples when the widget gives none. */
export const DEFAULT_CANDIDATE_LABELS: readonly string[] = ["a diagram", "a dog", "a cat"];

// Escaping walks every character: constant literals are escaped once, not on every call.
const EXAMPLE_IMAGE_PY = pyStr(EXAMPLE_IMAGE_URL);
const DEFAULT_CANDIDATE_LABELS_PY = pyList(DEFAULT_CANDIDATE_LABELS);

/** Pipeline tags under which vision libraries return embeddings rather than class scores. */
const FEATURE_EXTRACTION_TAGS: readonly string[] = ["feature-extraction", "image-feature-extraction"];

/** True when the model's pipeline tag asks for embeddings (feature extraction). */
export function isFeatureExtraction(model: ModelRecord): boolean {
  return model.pipeline_tag !== undefined && FEATURE_EXTRACTION_TAGS.includes(model.pipeline_tag);
}

/** The model's candidate labels as a Python list literal; `fallbackPy` (already a literal) when it has none. */
export function candidateLabelsPy(model: ModelRecord, fallbackPy: string = DEFAULT_CANDIDATE_LABELS_PY): string {
  const labels = widgetCandidateLabels(model);
  return labels === undefined ? fallbackPy : pyList(labels);
}

/** The image URL a vision example opens, as a Python literal: the widget's image, else the shared example. */
export function exampleImagePy(model: ModelRecord): string {
  const url = widgetSrc(model);
  return url === undefined ? EXAMPLE_IMAGE_PY : pyStr(url);
}
