import { modelRecordSchema } from "@modelhub/server";
import { isLibraryKey, type ModelRecord, parseModelRecord } from "@modelhub/snippets";
import { describe, expect, it } from "vitest";
import { seededRandom, weighted, zipfRank } from "./random.js";
import { syntheticModels, tailAuthor } from "./synthetic.js";
import { BASE_MODELS, TOP_AUTHORS } from "./synthetic-publishers.js";
import { RL_ENVIRONMENTS } from "./synthetic-tables.js";

const COUNT = 5_000;
const models: ModelRecord[] = [...syntheticModels(COUNT)];

function share(predicate: (m: ModelRecord) => boolean): number {
  return models.filter(predicate).length / models.length;
}

describe("syntheticModels", () => {
  it("is the same catalog for the same seed, and another for another seed", () => {
    expect([...syntheticModels(COUNT)]).toEqual(models);
    const ids = models.slice(0, 300).map((m) => m.id);
    expect([...syntheticModels(COUNT, 7)].slice(0, 300).map((m) => m.id)).not.toEqual(ids);
  });

  it("writes records both the hub and the snippet engine accept", () => {
    for (const model of models) {
      expect(modelRecordSchema.safeParse(model).success, model.id).toBe(true);
      expect(() => parseModelRecord(model)).not.toThrow();
    }
  });

  it("never repeats an id", () => {
    expect(new Set(models.map((m) => m.id)).size).toBe(COUNT);
  });

  it("starts with the base models its derivatives point at", () => {
    expect(models.slice(0, BASE_MODELS.length).map((m) => m.id)).toEqual(BASE_MODELS.map((b) => b.id));
    const ids = new Set(models.map((m) => m.id));
    const bases = models.flatMap((m) => m.tags.filter((t) => /^base_model:[^:]+$/.test(t)).map((t) => t.slice(11)));
    expect(bases.length).toBeGreaterThan(COUNT / 5);
    expect(bases.every((id) => ids.has(id))).toBe(true);
  });

  it("uses registry keys only, transformers the most, about a fifth without a library", () => {
    const libraries = models.flatMap((m) => (m.library_name ? [m.library_name] : []));
    expect(libraries.every(isLibraryKey)).toBe(true);
    expect(share((m) => m.library_name === "transformers")).toBeGreaterThan(0.35);
    expect(share((m) => m.library_name === undefined)).toBeGreaterThan(0.12);
    expect(share((m) => m.library_name === undefined)).toBeLessThan(0.28);
  });

  it("keeps tasks consistent with libraries and tags chat models", () => {
    const of = (library: string) => models.filter((m) => m.library_name === library).map((m) => m.pipeline_tag);
    expect(new Set(of("timm"))).toEqual(new Set(["image-classification", "image-feature-extraction"]));
    expect(new Set(of("stable-baselines3"))).toEqual(new Set(["reinforcement-learning"]));
    for (const m of models) {
      expect(m.tags).toContain("region:us");
      if (m.library_name) expect(m.tags).toContain(m.library_name);
      if (m.pipeline_tag) expect(m.tags).toContain(m.pipeline_tag);
      if (m.pipeline_tag === "image-text-to-text") expect(m.tags).toContain("conversational");
      if (m.tags.includes("conversational"))
        expect(["text-generation", "image-text-to-text"]).toContain(m.pipeline_tag);
      if (m.pipeline_tag === "reinforcement-learning") {
        expect(RL_ENVIRONMENTS.some((env) => m.id.includes(`-${env}`) && m.tags.includes(env))).toBe(true);
      }
    }
  });

  it("has a few huge authors and a long tail, and power-law downloads", () => {
    const perAuthor = new Map<string, number>();
    for (const m of models) {
      const author = m.id.slice(0, m.id.indexOf("/"));
      perAuthor.set(author, (perAuthor.get(author) ?? 0) + 1);
    }
    const counts = [...perAuthor.values()].sort((a, b) => b - a);
    expect(perAuthor.get(TOP_AUTHORS[0])).toBe(counts[0]);
    // The tenth of the authors with the most models publish about half the catalog; a typical author, a handful.
    const topTenth = counts.slice(0, Math.ceil(counts.length / 10)).reduce((sum, n) => sum + n, 0);
    expect(topTenth / COUNT).toBeGreaterThan(0.4);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan((counts[0] as number) / 20);
    const downloads = models.map((m) => m.downloads ?? 0).sort((a, b) => a - b);
    const median = downloads[COUNT / 2] as number;
    expect(median).toBeLessThan(50);
    expect(downloads[COUNT - 1]).toBeGreaterThan(median * 10_000);
  });

  it("dates every model within four years, modified no earlier than created", () => {
    for (const m of models) {
      const created = Date.parse(m.createdAt ?? "");
      expect(created).toBeGreaterThanOrEqual(Date.parse("2021-09-30T00:00:00Z"));
      expect(Date.parse(m.lastModified ?? "")).toBeGreaterThanOrEqual(created);
    }
  });
});

describe("samplers", () => {
  it("draws weighted values in proportion", () => {
    const random = seededRandom(1);
    const draw = weighted([
      ["a", 3],
      ["b", 1],
    ] as const);
    const n = 20_000;
    const as = Array.from({ length: n }, () => draw(random)).filter((v) => v === "a").length;
    expect(as / n).toBeGreaterThan(0.72);
    expect(as / n).toBeLessThan(0.78);
  });

  it("keeps Zipf ranks in range, rank 1 the most frequent", () => {
    const random = seededRandom(2);
    const ranks = Array.from({ length: 20_000 }, () => zipfRank(random, 1_000, 0.8));
    expect(Math.min(...ranks)).toBe(1);
    expect(Math.max(...ranks)).toBeLessThanOrEqual(1_000);
    expect(ranks.filter((r) => r === 1).length).toBeGreaterThan(ranks.filter((r) => r === 10).length);
  });

  it("spells each tail rank as a different author", () => {
    const names = Array.from({ length: 50_000 }, (_, i) => tailAuthor(i));
    expect(new Set(names).size).toBe(names.length);
  });
});
