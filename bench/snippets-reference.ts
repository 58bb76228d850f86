// bench/snippets, side by side: the engine against the reference packages on the same cases, in one process.

import {
  applicableLibraries,
  getInferenceSnippets,
  getLibrarySnippets,
  type InferenceProvider,
  LIBRARIES,
  type LibraryEntry,
  type ModelRecord,
  snippetLanguage,
} from "@modelhub/snippets";
import { loadReference, type Reference } from "./reference.js";
import { target } from "./section.js";
import { alternate, FULL_WARM_UP, warmUp } from "./snippets-timing.js";
import { fmt, table } from "./stats.js";

const SILENT = { warn: () => {} };

/** A side-by-side figure: CPU µs per item of each side, and the CPU seconds each side warmed up. */
interface Pair {
  ours: number;
  theirs: number;
  warmS: number;
}

/**
 * CPU µs per item of `ours` and `theirs`, alternating rounds of about 300 ms each so that a busy machine slows
 * both alike: the median of 11 rounds each, after a warm-up that lasts until both have settled (both run hot in
 * a server).
 */
function sideBySide<T>(items: readonly T[], ours: (item: T) => unknown, theirs: (item: T) => unknown): Pair {
  const warmMs = warmUp(items, [ours, theirs], FULL_WARM_UP);
  const [a = Number.NaN, b = Number.NaN] = alternate(items, [ours, theirs], 11, 300);
  return { ours: a, theirs: b, warmS: warmMs / 1000 };
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
  );
  const libraryModels = models.filter((m) => librarySnippetFn(m) && reference.librarySnippets(m) !== undefined);
  // What the panel calls: every applicable library with its snippets, languages and registry facts. The reference
  // side builds the snippets of the same libraries (the model's own, then those its tags name) with its own
  // functions and tells each snippet's language with the engine's detector, as a panel showing them must: it has no
  // other way to know it, where the engine's registry declares each library's snippet languages and so does not
  // read its snippets. Reading a string V8 built by concatenation flattens it; an unread snippet is flattened when it
  // is sent (JSON.stringify), outside both calls. Listing the libraries (a registry lookup of a few tags) is the
  // same call on both sides.
  const panel = sideBySide(
    libraryModels,
    (model) => getLibrarySnippets(model),
    (model) => applicableLibraries(model).map((key) => reference.librarySnippetsOf(key, model)?.map(snippetLanguage)),
  );
  // The narrower pair: the model's own library's snippet function in each registry, nothing else.
  const library = sideBySide(
    libraryModels,
    (model) => librarySnippetFn(model)?.(model),
    (model) => reference.librarySnippets(model),
  );
  const withTags = libraryModels.filter((m) => applicableLibraries(m).length > 1).length;
  const inferenceRatio = inference.theirs / inference.ours;
  const libraryRatio = library.theirs / library.ours;
  const panelRatio = panel.theirs / panel.ours;
  return {
    body: [
      `Side by side with the reference packages (@huggingface/inference 4.13.30, @huggingface/tasks 0.21.54; bench/ devDependencies), alternating rounds in one process: ${cases.length} inference cases (each model of the catalog with each provider of its mapping that both serve), ${libraryModels.length} models whose library has load snippets in both (${withTags} of them with a second library named by their tags). The panel's call is \`getLibrarySnippets(model)\`, the public API the "Use this model" panel and the snippets endpoint use: every applicable library's snippets, each snippet's language and the registry facts; the reference side builds the same libraries' snippets with \`MODEL_LIBRARIES_UI_ELEMENTS[key].snippets(model)\` and tells each snippet's language with the engine's \`snippetLanguage\` (the panel needs it to highlight the code; the reference has no other way to know it, where the engine's registry declares each library's snippet languages, so its call does not read the code; reading a string is what makes V8 copy a string built by concatenation into one piece, a cost an unread snippet pays later, when it is sent). The narrower pair calls only the model's own library's snippet function on each side. Figures are CPU time of the process (user + system, all threads), medians of 11 alternating rounds of about 300 ms per side, each pair after a warm-up that ran until neither side got faster (${fmt(inference.warmS, 1)} s, ${fmt(panel.warmS, 1)} s and ${fmt(library.warmS, 1)} s of CPU per side; see bench/snippets-timing.ts).`,
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
          [
            "library snippets, the panel's call (getLibrarySnippets), per model",
            fmt(panel.ours, 3),
            fmt(panel.theirs, 3),
            `${fmt(panelRatio, 2)}×`,
          ],
          [
            "library snippets, the own library's function only, per model",
            fmt(library.ours, 3),
            fmt(library.theirs, 3),
            `${fmt(libraryRatio, 2)}×`,
          ],
        ],
      ),
      "",
      target("inference snippets ≥ 40× faster than the reference", inferenceRatio >= 40, `${fmt(inferenceRatio, 1)}×`),
      target(
        "library snippets (the panel's call) no slower than the reference",
        panelRatio >= 1,
        `${fmt(panelRatio, 2)}×`,
      ),
      target(
        "library snippets (the own library's function) no slower than the reference",
        libraryRatio >= 1,
        `${fmt(libraryRatio, 2)}×`,
      ),
    ],
    headline: `side by side with the reference: inference snippets ${fmt(inferenceRatio, 1)}× faster, library snippets ${fmt(panelRatio, 2)}× its speed (the panel's call; the own library's function alone: ${fmt(libraryRatio, 2)}×)`,
  };
}
