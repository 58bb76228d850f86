// The example inputs as code literals, escaped once when the module loads: escaping is the costly part of
// building a snippet, and these values never change.
import { jsStr, jsValue } from "../code/js.js";
import { pyStr, pyValue } from "../code/python.js";
import {
  EXAMPLE_AUDIO_URL,
  EXAMPLE_CLASSIFY_TEXTS,
  EXAMPLE_ENTITY_LABELS,
  EXAMPLE_ENTITY_TEXT,
  EXAMPLE_IMAGE_LABELS,
  EXAMPLE_IMAGE_URL,
  EXAMPLE_QUESTION,
  EXAMPLE_RANKING,
  EXAMPLE_SENTENCES,
  EXAMPLE_ZERO_SHOT,
} from "./text-examples.js";
import { jsList, pyList, pyTexts } from "./text-literals.js";

/** Python literals of the example inputs of `text-examples.ts`. */
export const PY_EXAMPLES = {
  audioUrl: pyStr(EXAMPLE_AUDIO_URL),
  classifyTexts: pyTexts(EXAMPLE_CLASSIFY_TEXTS),
  context: pyStr(EXAMPLE_QUESTION.context),
  entityLabels: pyList(EXAMPLE_ENTITY_LABELS),
  entityText: pyStr(EXAMPLE_ENTITY_TEXT),
  imageLabels: pyList(EXAMPLE_IMAGE_LABELS),
  imageUrl: pyStr(EXAMPLE_IMAGE_URL),
  question: pyStr(EXAMPLE_QUESTION.question),
  rankingPassages: pyValue(EXAMPLE_RANKING.passages),
  rankingQuery: pyStr(EXAMPLE_RANKING.query),
  sentences: pyValue(EXAMPLE_SENTENCES),
  zeroShotLabels: pyList(EXAMPLE_ZERO_SHOT.labels),
  zeroShotText: pyStr(EXAMPLE_ZERO_SHOT.text),
} as const;

/** JS literals of the example inputs of `text-examples.ts`. */
export const JS_EXAMPLES = {
  audioUrl: jsStr(EXAMPLE_AUDIO_URL),
  context: jsStr(EXAMPLE_QUESTION.context),
  imageLabels: jsList(EXAMPLE_IMAGE_LABELS),
  imageUrl: jsStr(EXAMPLE_IMAGE_URL),
  question: jsStr(EXAMPLE_QUESTION.question),
  sentences: jsValue(EXAMPLE_SENTENCES),
  zeroShotLabels: jsList(EXAMPLE_ZERO_SHOT.labels),
  zeroShotText: jsStr(EXAMPLE_ZERO_SHOT.text),
} as const;

/** `value` as a Python string literal, or the ready-made `fallback` literal when there is no value. */
export function pyOr(value: string | undefined, fallback: string): string {
  return value === undefined ? fallback : pyStr(value);
}

/** `value` as a JS string literal, or the ready-made `fallback` literal when there is no value. */
export function jsOr(value: string | undefined, fallback: string): string {
  return value === undefined ? fallback : jsStr(value);
}
