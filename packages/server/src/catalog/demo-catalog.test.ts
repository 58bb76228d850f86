import { readFileSync } from "node:fs";
import {
  getModelSnippets,
  INFERENCE_PROVIDERS,
  INFERENCE_TASKS,
  type InferenceProvider,
  LIBRARIES,
  type LibraryEntry,
  parseModelRecord,
  servedTask,
} from "@modelhub/snippets";
import { describe, expect, it } from "vitest";
import { completeModel } from "../models/complete-model.js";
import type { HubModel } from "../models/hub-model.js";
import { openStore } from "../store/open-store.js";
import { parseModelInput } from "../validation/parse-model-input.js";
import { DEMO_CATALOG_PATH } from "./catalog-path.js";
import { loadDemoCatalog } from "./load-demo-catalog.js";

const LINES = readFileSync(DEMO_CATALOG_PATH, "utf8").split("\n").filter(Boolean);
const NOW = new Date("2025-10-01T00:00:00.000Z");
const MODELS: HubModel[] = LINES.map((line) => completeModel(parseModelInput(JSON.parse(line)), { now: NOW }));
const SILENT = { warn: () => {} };

function servingProviders(model: HubModel): string[] {
  const task = servedTask(model); // the engine's rule: chat for conversational text generation
  return Object.entries(model.inferenceProviderMapping ?? {})
    .filter(([name]) => Object.hasOwn(INFERENCE_PROVIDERS, name))
    .filter(([name]) => {
      const entry = INFERENCE_PROVIDERS[name as InferenceProvider];
      return entry.kind === "service" && (entry.tasks as readonly string[]).includes(task ?? "");
    })
    .map(([name]) => name);
}

describe("the demo catalog", () => {
  it("holds at least 300 valid records with unique ids, for both the server and the engine", () => {
    expect(MODELS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(MODELS.map((m) => m.id)).size).toBe(MODELS.length);
    for (const line of LINES) expect(() => parseModelRecord(JSON.parse(line))).not.toThrow();
  });

  it("has a model for every library that has snippets", () => {
    const libraries = new Set(MODELS.map((m) => m.library_name));
    const missing = Object.entries(LIBRARIES as Record<string, LibraryEntry>)
      .filter(([key, entry]) => entry.snippets && !libraries.has(key))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("has, for every inference task, a model mapped to a provider that serves it", () => {
    const missing = INFERENCE_TASKS.filter(
      (task) => !MODELS.some((m) => m.pipeline_tag === task && servingProviders(m).length > 0),
    );
    expect(missing).toEqual([]);
    expect(MODELS.some((m) => servedTask(m) === "conversational" && servingProviders(m).length >= 3)).toBe(true);
  });

  it("maps providers only to tasks they serve, with live or staging status", () => {
    for (const model of MODELS) {
      const mapped = Object.keys(model.inferenceProviderMapping ?? {});
      expect(servingProviders(model), model.id).toEqual(mapped);
    }
  });

  it("spreads downloads like a power law: the top tenth of models holds most downloads", () => {
    const downloads = MODELS.map((m) => m.downloads).sort((a, b) => b - a);
    const total = downloads.reduce((a, b) => a + b, 0);
    const top = downloads.slice(0, Math.ceil(downloads.length / 10)).reduce((a, b) => a + b, 0);
    expect(top / total).toBeGreaterThan(0.6);
    expect(downloads.at(-1)).toBeLessThan(1_000);
  });

  it("includes the hostile-metadata model with script, attribute and URL injections in tags and widget texts", () => {
    const hostile = MODELS.find((m) => m.id === "demo/hostile-metadata");
    const texts = hostile?.widgetData?.map((w) => w.text).join("\n") ?? "";
    for (const attack of ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)"]) {
      expect(hostile?.tags).toContain(attack);
      expect(texts).toContain(attack);
    }
  });

  it("gives every record its snippets without an error", () => {
    for (const model of MODELS) {
      const result = getModelSnippets(model, {}, SILENT);
      if (model.library_name && Object.hasOwn(LIBRARIES, model.library_name)) {
        expect(result.libraries[0]?.key, model.id).toBe(model.library_name);
      }
    }
  });

  it("gives models that transformers also loads (sentence-transformers…) a known auto class", () => {
    const alsoTransformers = MODELS.filter(
      (m) => m.library_name === "sentence-transformers" && m.tags.includes("transformers") && m.config?.architectures,
    );
    expect(alsoTransformers.length).toBeGreaterThan(2);
    for (const model of alsoTransformers) {
      const tab = getModelSnippets(model, {}, SILENT).libraries.find((library) => library.key === "transformers");
      expect(tab?.snippets.join("\n"), model.id).not.toContain("Type of model unknown");
    }
  });

  it("loads into an empty store once; loading again changes nothing", async () => {
    const store = await openStore({ dbPath: ":memory:" });
    try {
      expect((await loadDemoCatalog(store))?.accepted).toBe(MODELS.length);
      expect(await loadDemoCatalog(store)).toBeNull();
      expect(await store.countModels()).toBe(MODELS.length);
      const page = await store.listModels({
        library: "transformers",
        tags: [],
        sort: "downloads",
        direction: -1,
        limit: 5,
      });
      expect(page.items).toHaveLength(5);
    } finally {
      await store.close();
    }
  });
});
