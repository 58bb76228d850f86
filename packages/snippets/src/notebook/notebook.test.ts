import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { LOCAL_APP_CASES } from "../local-apps/fixtures/models.js";
import type { ModelRecord } from "../model.js";
import { parsePython } from "../test-utils/parse-check.js";
import { buildNotebook } from "./notebook.js";
import { pipPackages } from "./pip-packages.js";

// The fields nbformat 4's schema requires, checked on the JSON text as a reader sees it.
function nbformatProblems(text: string): string[] {
  const problems: string[] = [];
  const nb = JSON.parse(text) as Record<string, unknown>;
  if (nb.nbformat !== 4) problems.push("nbformat must be 4");
  if (typeof nb.nbformat_minor !== "number" || nb.nbformat_minor < 0) problems.push("nbformat_minor");
  const metadata = nb.metadata as Record<string, unknown> | undefined;
  if (typeof metadata !== "object" || metadata === null) problems.push("metadata must be an object");
  if (!Array.isArray(nb.cells)) return [...problems, "cells must be an array"];
  const ids = new Set<string>();
  for (const [i, cell] of (nb.cells as Array<Record<string, unknown>>).entries()) {
    const where = `cells[${i}]`;
    if (!["markdown", "code", "raw"].includes(cell.cell_type as string)) problems.push(`${where}.cell_type`);
    if (typeof cell.id !== "string" || !/^[a-zA-Z0-9-_]{1,64}$/.test(cell.id) || ids.has(cell.id)) {
      problems.push(`${where}.id`);
    }
    ids.add(cell.id as string);
    if (typeof cell.metadata !== "object" || cell.metadata === null) problems.push(`${where}.metadata`);
    const source = cell.source;
    if (!(typeof source === "string" || (Array.isArray(source) && source.every((s) => typeof s === "string")))) {
      problems.push(`${where}.source`);
    }
    if (cell.cell_type === "code") {
      if (!Array.isArray(cell.outputs)) problems.push(`${where}.outputs`);
      if (!("execution_count" in cell)) problems.push(`${where}.execution_count`);
    } else if ("outputs" in cell || "execution_count" in cell) {
      problems.push(`${where} is not code but has outputs`);
    }
  }
  return problems;
}

const codeOf = (nb: ReturnType<typeof buildNotebook>) =>
  nb.cells.filter((c) => c.cell_type === "code").map((c) => c.source.join(""));

describe("buildNotebook", () => {
  const model = LOCAL_APP_CASES["transformers-text-generation"] as ModelRecord;

  it("writes valid nbformat 4 JSON that python's json.tool reads", () => {
    const text = JSON.stringify(buildNotebook(model, { hubUrl: "https://hub.example.test" }));
    expect(nbformatProblems(text)).toEqual([]);
    const tool = spawnSync("python3", ["-m", "json.tool"], { input: text, encoding: "utf8" });
    expect(tool.status).toBe(0);
  });

  it("the structural check can fail", () => {
    expect(nbformatProblems('{"nbformat": 3, "metadata": {}, "cells": [{"cell_type": "code", "source": 1}]}')).toEqual(
      expect.arrayContaining(["nbformat must be 4", "cells[0].id", "cells[0].source", "cells[0].outputs"]),
    );
  });

  it("has install, load and, with a provider, inference cells that parse as Python", () => {
    const code = codeOf(buildNotebook(model));
    expect(code[0]).toMatch(/^%pip install -U .*transformers/);
    expect(code[0]).toContain("huggingface-hub");
    expect(code.some((c) => c.includes('"acme/tiny-lm"') && c.includes("from transformers import"))).toBe(true);
    expect(code.some((c) => c.includes("InferenceClient"))).toBe(true);
    const python = code.filter((c) => !c.startsWith("%"));
    for (const [i, result] of parsePython(python).entries())
      expect([python[i], result.error]).toEqual([python[i], null]);
  });

  it("leaves the inference cell out when no provider serves the model", () => {
    const code = codeOf(buildNotebook(LOCAL_APP_CASES.awq as ModelRecord));
    expect(code.some((c) => c.includes("InferenceClient"))).toBe(false);
    expect(code.some((c) => c.includes('"acme/tiny-vlm-AWQ"'))).toBe(true);
  });

  it("sets HF_ENDPOINT first when the hub is not the public one", () => {
    const code = codeOf(buildNotebook(model, { hubUrl: "https://hub.example.test/" }));
    expect(code[0]).toBe('import os\n\nos.environ["HF_ENDPOINT"] = "https://hub.example.test"');
    expect(codeOf(buildNotebook(model)).some((c) => c.includes("HF_ENDPOINT"))).toBe(false);
  });

  it("keeps a hostile id inert in markdown and code", () => {
    const hostile = { ...model, id: 'x/"""\n# `$(echo pwned)` [a](javascript:1)' };
    const nb = buildNotebook(hostile, { hubUrl: "https://hub.example.test" });
    expect(nb.cells[0]?.source.join("")).not.toContain("[a](");
    const python = codeOf(nb).filter((c) => !c.startsWith("%"));
    for (const result of parsePython(python)) expect(result.error).toBeNull();
  });
});

describe("pipPackages", () => {
  it("maps imports to packages, skipping the standard library", () => {
    expect(pipPackages(["import os\nfrom PIL import Image\nfrom mlx_lm import load\nimport torch, numpy"])).toEqual([
      "pillow",
      "mlx-lm",
      "torch",
      "numpy",
    ]);
  });
});
