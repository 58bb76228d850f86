// Which pip package provides a module that a load snippet imports: the notebook's install cell.

/** Modules whose package has another name. */
const PACKAGE_OF_MODULE: Readonly<Record<string, string>> = {
  PIL: "pillow",
  cv2: "opencv-python",
  sklearn: "scikit-learn",
  skops: "skops",
  yaml: "pyyaml",
  mlx_lm: "mlx-lm",
  sentence_transformers: "sentence-transformers",
  llama_cpp: "llama-cpp-python",
  tf_keras: "tf-keras",
  keras_hub: "keras-hub",
  fairseq2: "fairseq2",
};

/** Modules of Python's standard library that snippets import; they need no install. */
const STANDARD_MODULES = new Set(
  "os sys io json re math random time pathlib typing collections functools itertools base64 subprocess tempfile shutil urllib dataclasses asyncio glob".split(
    " ",
  ),
);

const IMPORT_LINE = /^\s*(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*))/;

/** The pip packages that the `import` lines of `sources` need, in first-seen order. */
export function pipPackages(sources: readonly string[]): string[] {
  const packages = new Set<string>();
  for (const source of sources) {
    for (const line of source.split("\n")) {
      const match = IMPORT_LINE.exec(line);
      if (!match) continue;
      const modules = match[1] ? [match[1]] : (match[2] ?? "").split(",");
      for (const module of modules) {
        const top = module.trim().split(".")[0] ?? "";
        if (!/^[A-Za-z_]\w*$/.test(top) || STANDARD_MODULES.has(top)) continue;
        packages.add(PACKAGE_OF_MODULE[top] ?? top.replace(/_/g, "-"));
      }
    }
  }
  return [...packages];
}
