// A Jupyter notebook (nbformat 4.5) for a model: install, load with each library, and call hosted inference when
// a provider serves the model. The cells are the engine's own snippets; nothing is written twice.
import { pyStr } from "../code/python.js";
import { buildInferenceSnippets } from "../inference/build.js";
import { getLibrarySnippets } from "../libraries/library-snippets.js";
import { hubTarget } from "../local-apps/hub-target.js";
import type { ModelRecord } from "../model.js";
import { pipPackages } from "./pip-packages.js";

/** One notebook cell as nbformat 4.5 writes it. */
export type NotebookCell =
  | { cell_type: "markdown"; id: string; metadata: Record<string, never>; source: string[] }
  | {
      cell_type: "code";
      id: string;
      metadata: Record<string, never>;
      source: string[];
      outputs: [];
      execution_count: null;
    };

/** An nbformat 4.5 notebook. */
export interface Notebook {
  /** Major format version: 4. */
  nbformat: 4;
  /** Minor format version: 5 (cells carry ids). */
  nbformat_minor: 5;
  /** Kernel and language. */
  metadata: {
    kernelspec: { name: string; display_name: string; language: string };
    language_info: { name: string };
  };
  /** The cells, in order. */
  cells: NotebookCell[];
}

// nbformat keeps sources as lines, each but the last ending with a newline.
function sourceLines(text: string): string[] {
  const lines = text.split("\n");
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
}

// Markdown text of a value: characters that would start markup are escaped.
function mdText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (ch) => `\\${ch}`).replace(/[\r\n]+/g, " ");
}

/** Options of the notebook. */
export interface NotebookOptions {
  /** The hub the model is downloaded from (default: the public hub). */
  hubUrl?: string;
}

/** The notebook of `model`. */
export function buildNotebook(model: ModelRecord, options: NotebookOptions = {}): Notebook {
  const hub = hubTarget(options.hubUrl);
  const cells: NotebookCell[] = [];
  const markdown = (text: string) =>
    cells.push({ cell_type: "markdown", id: `cell-${cells.length + 1}`, metadata: {}, source: sourceLines(text) });
  const code = (text: string) =>
    cells.push({
      cell_type: "code",
      id: `cell-${cells.length + 1}`,
      metadata: {},
      source: sourceLines(text),
      outputs: [],
      execution_count: null,
    });

  const libraries = getLibrarySnippets(model).map((library) => ({
    library,
    python: library.snippets.filter((_, i) => library.languages[i] === "python"),
  }));
  const hasProvider = Object.keys(model.inferenceProviderMapping ?? {}).length > 0;
  const inference = hasProvider
    ? buildInferenceSnippets(model, { provider: "auto" }, { warn: () => {} }).snippets.find(
        (s) => s.language === "python" && s.client === "huggingface_hub",
      )
    : undefined;

  markdown(
    `# ${mdText(model.id)}\n\nInstall the libraries, load the model${inference ? ", and call it through an inference provider" : ""}.`,
  );
  if (!hub.isPublic) {
    markdown(`The model is downloaded from ${mdText(hub.url)}: \`HF_ENDPOINT\` is set before any library is imported.`);
    code(`import os\n\nos.environ["HF_ENDPOINT"] = ${pyStr(hub.url)}`);
  }
  const sources = [...libraries.flatMap((l) => l.python), ...(inference ? [inference.content] : [])];
  const packages = pipPackages(sources);
  if (packages.length > 0) code(`%pip install -U ${packages.join(" ")}`);
  for (const { library, python } of libraries) {
    if (python.length === 0) continue;
    markdown(`## ${mdText(library.prettyLabel)}`);
    for (const source of python) code(source);
  }
  if (inference) {
    markdown("## Inference\n\nSet `HF_TOKEN` to a token of yours in the environment first.");
    code(inference.content);
  }
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: "python3", display_name: "Python 3", language: "python" },
      language_info: { name: "python" },
    },
    cells,
  };
}
