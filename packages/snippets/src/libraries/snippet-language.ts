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
  for (const raw of code.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#!")) continue;
    if (line.startsWith("//")) return "js";
    if (line.startsWith("#")) continue;
    const word = line.split(/\s/, 1)[0] ?? "";
    if (SHELL_COMMANDS.has(word) || word.startsWith("./")) return "sh";
    if (/^import\s.*\sfrom\s+["']/.test(line) || /^import\s+["']/.test(line)) return "js";
    if (/^(const|let|await)\s/.test(line)) return "js";
    return "python";
  }
  return "python";
}
