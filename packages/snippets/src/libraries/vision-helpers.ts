// Small readers of the model record shared by the "vision" snippets. They return raw model data:
// callers pass every value through the escaping module (`../code/`) before it reaches code.
import { pyStr } from "../code/python.js";
import type { ModelRecord } from "../model.js";

/** The image the vision examples classify when the model has no widget image of its own. */
export const EXAMPLE_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/beignets-task-guide.png";

/** The COCO photo (two cats on a couch) the detection examples run on. */
export const COCO_EXAMPLE_IMAGE_URL = "http://images.cocodataset.org/val2017/000000039769.jpg";

/** Candidate labels of the zero-shot examples when the widget gives none. */
export const DEFAULT_CANDIDATE_LABELS: readonly string[] = ["a diagram", "a dog", "a cat"];

// Escaping walks every character: constant literals are escaped once, not on every call.
const EXAMPLE_IMAGE_PY = pyStr(EXAMPLE_IMAGE_URL);
const DEFAULT_CANDIDATE_LABELS_PY = pyStrList(DEFAULT_CANDIDATE_LABELS);

/** Pipeline tags under which vision libraries return embeddings rather than class scores. */
const FEATURE_EXTRACTION_TAGS: readonly string[] = ["feature-extraction", "image-feature-extraction"];

/** The part of a model id after the namespace: `acme/demo-model` gives `demo-model`. */
export function repoName(model: ModelRecord): string {
  return model.id.slice(model.id.lastIndexOf("/") + 1);
}

/** The namespace of a model id (`acme/demo-model` gives `acme`); empty when the id has none. */
export function repoNamespace(model: ModelRecord): string {
  const slash = model.id.indexOf("/");
  return slash === -1 ? "" : model.id.slice(0, slash);
}

/** The path of the first model file whose name ends with `suffix`, in the order the hub lists them. */
export function findSibling(model: ModelRecord, suffix: string): string | undefined {
  for (const sibling of model.siblings ?? []) {
    if (typeof sibling.rfilename === "string" && sibling.rfilename.endsWith(suffix)) return sibling.rfilename;
  }
  return undefined;
}

/** True when the model's pipeline tag asks for embeddings (feature extraction). */
export function isFeatureExtraction(model: ModelRecord): boolean {
  return model.pipeline_tag !== undefined && FEATURE_EXTRACTION_TAGS.includes(model.pipeline_tag);
}

/** The first widget example's image URL (`src`), when it is a non-empty string. */
export function widgetImageUrl(model: ModelRecord): string | undefined {
  for (const example of model.widgetData ?? []) {
    if (typeof example.src === "string" && example.src.trim() !== "") return example.src;
  }
  return undefined;
}

/** The first widget example's comma-separated `candidate_labels`, split and trimmed. */
export function widgetCandidateLabels(model: ModelRecord): string[] | undefined {
  for (const example of model.widgetData ?? []) {
    if (typeof example.candidate_labels !== "string") continue;
    const labels = example.candidate_labels
      .split(",")
      .map((label) => label.trim())
      .filter((label) => label !== "");
    if (labels.length > 0) return labels;
  }
  return undefined;
}

/** The model's candidate labels as a Python list literal; `fallbackPy` (already a literal) when it has none. */
export function candidateLabelsPy(model: ModelRecord, fallbackPy: string = DEFAULT_CANDIDATE_LABELS_PY): string {
  const labels = widgetCandidateLabels(model);
  return labels === undefined ? fallbackPy : pyStrList(labels);
}

/** The image URL a vision example opens, as a Python literal: the widget's image, else the shared example. */
export function exampleImagePy(model: ModelRecord): string {
  const url = widgetImageUrl(model);
  return url === undefined ? EXAMPLE_IMAGE_PY : pyStr(url);
}

/** A one-line Python list of string literals, e.g. `["a", "b"]`. */
export function pyStrList(values: readonly string[]): string {
  return `[${values.map(pyStr).join(", ")}]`;
}
