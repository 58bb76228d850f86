/** The languages generated code is written in. */
export type SnippetLanguage = "python" | "js" | "sh";

// Programs a shell snippet starts with. A snippet is shell when its first code line runs one of them.
const SHELL_COMMANDS = new Set([
  "apt",
  "apt-get",
  "brew",
  "cargo",
  "cd",
  "conda",
  "curl",
  "docker",
  "export",
  "git",
  "hf",
  "huggingface-cli",
  "litert-lm",
  "llama-cli",
  "llama-server",
  "mkdir",
  "mlx_lm.generate",
  "npm",
  "npx",
  "pip",
  "pip3",
  "python",
  "python3",
  "uv",
  "uvx",
  "wget",
  "yarn",
]);

/**
 * The language a library snippet is written in, decided from its first code line:
 * shell when it starts with a known command (or `./`), JS when it is an ES import or
 * a `const`/`let`/`await`/`//` line, Python otherwise. Snippet authors keep to this rule;
 * the parse tests fail any snippet that does not.
 */
export function snippetLanguage(code: string): SnippetLanguage {
  // A character scan of the first code line (no splitting, no regex on the common paths): this runs for every
  // snippet of every page view.
  const n = code.length;
  let start = 0;
  while (start < n) {
    let end = code.indexOf("\n", start);
    if (end === -1) end = n;
    let i = start;
    while (i < end && code.charCodeAt(i) <= 32) i++;
    start = end + 1;
    if (i >= end || code.charCodeAt(i) === 35 /* "#": comment or shebang */) continue;
    if (code.charCodeAt(i) === 47 && code.charCodeAt(i + 1) === 47 /* "//" */) return "js";
    let j = i;
    while (j < end && code.charCodeAt(j) > 32) j++;
    const word = code.slice(i, j);
    if (SHELL_COMMANDS.has(word) || word.startsWith("./")) return "sh";
    if (word === "const" || word === "let" || word === "await") return "js";
    if (word === "import") return ES_IMPORT_TAIL.test(code.slice(j, end)) ? "js" : "python";
    return "python";
  }
  return "python";
}

// What follows `import` in an ES module import (`import x from "m"`, `import "m"`) and never in Python.
const ES_IMPORT_TAIL = /\sfrom\s+["']|^\s+["']/;
