// bench/snippets, side by side: the engine against the reference packages on the same cases, in one process.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import {
  getInferenceSnippets,
  type InferenceProvider,
  LIBRARIES,
  type LibraryEntry,
  type ModelRecord,
} from "@modelhub/snippets";
import { loadReference, type Reference } from "./reference.js";
import { target } from "./section.js";
import { fmt, median, table } from "./stats.js";

const SILENT = { warn: () => {} };

// A full collection before each round, so neither side pays for the garbage the other left behind.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** Timing of one round: µs per item of `fn` over `items`, `passes` times. */
function round<T>(items: readonly T[], fn: (item: T) => unknown, passes: number): number {
  collect();
  const start = process.hrtime.bigint();
  for (let p = 0; p < passes; p++) for (const item of items) fn(item);
  return Number(process.hrtime.bigint() - start) / 1000 / (items.length * passes);
}

/** Passes of `fn` over `items` that take about `ms`, from a timing of one pass. */
function passesFor<T>(items: readonly T[], fn: (item: T) => unknown, ms: number): number {
  const perPassMs = (round(items, fn, 1) * items.length) / 1000;
  return Math.max(1, Math.round(ms / perPassMs));
}

/**
 * µs per item of `ours` and `theirs`, alternating rounds of about `roundMs` each so that a busy machine slows both
 * alike: the median of `rounds` rounds each, after a warm-up of `warmMs` (both run hot in a server).
 */
function sideBySide<T>(
  items: readonly T[],
  ours: (item: T) => unknown,
  theirs: (item: T) => unknown,
  rounds: number,
  roundMs: number,
  warmMs: number,
): { ours: number; theirs: number } {
  const warmUntil = performance.now() + warmMs;
  do {
    round(items, ours, 1);
    round(items, theirs, 1);
  } while (performance.now() < warmUntil);
  const oursPasses = passesFor(items, ours, roundMs);
  const theirPasses = passesFor(items, theirs, roundMs);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(round(items, ours, oursPasses));
    b.push(round(items, theirs, theirPasses));
  }
  return { ours: median(a), theirs: median(b) };
}

/** One inference case of the demo catalog: a model and a provider of its mapping that both engines serve. */
type InferenceCase = readonly [ModelRecord, InferenceProvider];

function inferenceCases(models: readonly ModelRecord[], reference: Reference): InferenceCase[] {
  return models.flatMap((model) =>
    Object.keys(model.inferenceProviderMapping ?? {}).flatMap((name): InferenceCase[] => {
      const provider = name as InferenceProvider;
      try {
        if (getInferenceSnippets(model, { provider }, SILENT).length === 0) return [];
        return reference.inferenceSnippets(model, provider).length > 0 ? [[model, provider]] : [];
      } catch {
        return [];
      }
    }),
  );
}

/** The library whose own snippet function both engines have for the model. */
function librarySnippetFn(model: ModelRecord): NonNullable<LibraryEntry["snippets"]> | undefined {
  const key = model.library_name;
  if (key === undefined || !Object.hasOwn(LIBRARIES, key)) return undefined;
  return (LIBRARIES as Record<string, LibraryEntry>)[key]?.snippets;
}

/** The side-by-side lines of the snippets section, or a note when the reference packages are not installed. */
export async function referenceComparison(
  models: readonly ModelRecord[],
): Promise<{ body: string[]; headline: string }> {
  const reference = await loadReference();
  if (reference === null) {
    const note = "Reference packages not installed (`npm ci --prefix bench`): no side-by-side figures.";
    return { body: [note], headline: note };
  }
  const cases = inferenceCases(models, reference);
  const inference = sideBySide(
    cases,
    ([model, provider]) => getInferenceSnippets(model, { provider }, SILENT),
    ([model, provider]) => reference.inferenceSnippets(model, provider),
    11,
    300,
    3_000,
  );
  const libraryModels = models.filter((m) => librarySnippetFn(m) && reference.librarySnippets(m) !== undefined);
  const library = sideBySide(
    libraryModels,
    (model) => librarySnippetFn(model)?.(model),
    (model) => reference.librarySnippets(model),
    11,
    300,
    3_000,
  );
  const inferenceRatio = inference.theirs / inference.ours;
  const libraryRatio = library.theirs / library.ours;
  return {
    body: [
      `Side by side with the reference packages (@huggingface/inference 4.13.30, @huggingface/tasks 0.21.54; bench/ devDependencies), alternating rounds in one process: ${cases.length} inference cases (each model of the catalog with each provider of its mapping that both serve), ${libraryModels.length} models whose library has load snippets in both (its own library's snippet function).`,
      "",
      table(
        ["measure", "engine µs", "reference µs", "reference ÷ engine"],
        [
          [
            "inference snippets, per call",
            fmt(inference.ours, 2),
            fmt(inference.theirs, 1),
            `${fmt(inferenceRatio, 1)}×`,
          ],
          ["library snippets, per model", fmt(library.ours, 3), fmt(library.theirs, 3), `${fmt(libraryRatio, 2)}×`],
        ],
      ),
      "",
      target("inference snippets ≥ 40× faster than the reference", inferenceRatio >= 40, `${fmt(inferenceRatio, 1)}×`),
      target("library snippets no slower than the reference", libraryRatio >= 1, `${fmt(libraryRatio, 2)}×`),
    ],
    headline: `side by side with the reference: inference snippets ${fmt(inferenceRatio, 1)}× faster, library snippets ${fmt(libraryRatio, 2)}× its speed`,
  };
}
