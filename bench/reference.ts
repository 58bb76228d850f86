// The reference packages (@huggingface/tasks, @huggingface/inference) that the engine is measured against, side by
// side in one process. They are devDependencies of bench/ only (`npm ci --prefix bench`), loaded at run time so that
// a checkout without them still runs every other benchmark.
import type { ModelRecord } from "@modelhub/snippets";

/** A mapping entry as the reference's inference snippets take it. */
interface ReferenceMapping {
  hfModelId: string;
  provider: string;
  providerId: string;
  status: "live" | "staging";
  task: string;
}

/** The two calls measured. */
export interface Reference {
  /** The reference's load snippets of the model's own library (`MODEL_LIBRARIES_UI_ELEMENTS[library].snippets`). */
  librarySnippets(model: ModelRecord): string[] | undefined;
  /** The reference's load snippets of `model` for the library `key`, when it has them. */
  librarySnippetsOf(key: string, model: ModelRecord): string[] | undefined;
  /** The reference's inference snippets of a model for one provider. */
  inferenceSnippets(model: ModelRecord, provider: string): unknown[];
}

type LibrarySnippetFn = (model: unknown) => string[];
type InferenceFn = (
  model: unknown,
  provider: string,
  mapping?: ReferenceMapping,
  opts?: Record<string, unknown>,
) => unknown[];

const REFERENCE_TASKS: string = "@huggingface/tasks";
const REFERENCE_INFERENCE: string = "@huggingface/inference";

/** The reference packages, or null when bench/node_modules does not hold them. */
export async function loadReference(): Promise<Reference | null> {
  let tasks: { MODEL_LIBRARIES_UI_ELEMENTS: Record<string, { snippets?: LibrarySnippetFn }> };
  let inference: { snippets: { getInferenceSnippets: InferenceFn } };
  try {
    // Specifiers in variables: typechecking must not need the packages, which a plain checkout does not hold.
    tasks = await import(REFERENCE_TASKS);
    inference = await import(REFERENCE_INFERENCE);
  } catch {
    return null;
  }
  const libraries = tasks.MODEL_LIBRARIES_UI_ELEMENTS;
  const getInferenceSnippets = inference.snippets.getInferenceSnippets;
  const librarySnippetsOf = (key: string, model: ModelRecord): string[] | undefined =>
    (Object.hasOwn(libraries, key) ? libraries[key] : undefined)?.snippets?.(model);
  return {
    librarySnippets(model) {
      return model.library_name === undefined ? undefined : librarySnippetsOf(model.library_name, model);
    },
    librarySnippetsOf,
    inferenceSnippets(model, provider) {
      const entry = model.inferenceProviderMapping?.[provider];
      const mapping: ReferenceMapping = {
        hfModelId: model.id,
        provider,
        providerId: entry?.providerId ?? model.id,
        status: entry?.status ?? "live",
        task: entry?.task ?? model.pipeline_tag ?? "",
      };
      return getInferenceSnippets(model, provider, mapping, {});
    },
  };
}
