// Parser checks for generated code: python3's ast module, acorn for JS, bash -n for shell.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as acorn from "acorn";
import type { SnippetLanguage } from "../libraries/snippet-language.js";

/** What a parser made of one snippet: an error message, or the identifiers that appear as code. */
export interface ParseResult {
  /** Parse error, or null when the snippet parses. */
  error: string | null;
  /** Names used as code: variables, attributes, functions, imports (never string contents). */
  names: string[];
}

const PY_SCRIPT = `
import ast, json, sys
out = []
for src in json.load(sys.stdin):
    try:
        tree = ast.parse(src)
    except SyntaxError as e:
        out.append({"error": f"{e.msg} (line {e.lineno})", "names": []})
        continue
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name): names.add(node.id)
        elif isinstance(node, ast.Attribute): names.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): names.add(node.name)
        elif isinstance(node, ast.alias): names.add(node.name); names.add(node.asname or "")
        elif isinstance(node, ast.keyword) and node.arg: names.add(node.arg)
    out.append({"error": None, "names": sorted(n for n in names if n)})
json.dump(out, sys.stdout)
`;

/** Parses every Python source in one python3 process. */
export function parsePython(sources: readonly string[]): ParseResult[] {
  if (sources.length === 0) return [];
  const run = spawnSync("python3", ["-c", PY_SCRIPT], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ParseResult[];
}

/** Parses a JS source as an ES module (top-level await allowed) and lists its identifiers. */
export function parseJs(source: string): ParseResult {
  let tree: acorn.Node;
  try {
    tree = acorn.parse(source, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true });
  } catch (error) {
    return { error: (error as Error).message, names: [] };
  }
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (record.type === "Identifier" && typeof record.name === "string") names.add(record.name);
    for (const [key, value] of Object.entries(record)) {
      if (key !== "type" && typeof value === "object") visit(value);
    }
  };
  visit(tree);
  return { error: null, names: [...names].sort() };
}

/** Checks a shell source with `bash -n`. */
export function parseSh(source: string): ParseResult {
  const run = spawnSync("bash", ["-n", "-c", source], { encoding: "utf8" });
  return { error: run.status === 0 ? null : run.stderr.trim() || `bash -n exited ${run.status}`, names: [] };
}

/** Parses many snippets, each in its language; Python is batched into one process. */
export function parseSnippets(items: ReadonlyArray<{ language: SnippetLanguage; code: string }>): ParseResult[] {
  const results: ParseResult[] = new Array(items.length);
  const pyIndexes: number[] = [];
  items.forEach((item, i) => {
    if (item.language === "python") pyIndexes.push(i);
    else results[i] = item.language === "js" ? parseJs(item.code) : parseSh(item.code);
  });
  const py = parsePython(pyIndexes.map((i) => items[i]?.code ?? ""));
  pyIndexes.forEach((index, k) => {
    results[index] = py[k] ?? { error: "missing python result", names: [] };
  });
  return results;
}

/**
 * Runs a shell snippet with no PATH in an empty directory, so that only builtins work, and
 * reports whether a payload that writes a marker file (`$(echo > MARKER)`, `` `…` ``) ever ran.
 */
export function shellPayloadRan(source: string, marker: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-sh-"));
  try {
    // bash by absolute path: with PATH emptied, only builtins (echo, redirections) can run inside the snippet.
    const run = spawnSync("/bin/bash", ["-c", source], {
      cwd: dir,
      env: { PATH: "/nonexistent" },
      timeout: 5_000,
      encoding: "utf8",
    });
    if (run.error) throw run.error;
    return readdirSync(dir).some((file) => file.includes(marker));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
