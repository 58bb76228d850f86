// bench/snippets: the engine's throughput on the demo catalog.
import { getInferenceSnippets, getLibrarySnippets, type ModelRecord } from "@modelhub/snippets";
import { loadCatalog } from "./catalog.js";
import { bytesPerCall } from "./heap.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { referenceComparison } from "./snippets-reference.js";
import { fmt, median, table } from "./stats.js";

/**
 * Microseconds per item of `fn` over `items`: the median of `runs` timed passes, after a warm-up long enough for
 * the JIT to settle (the engine runs hot in a server; one cold pass would measure the compiler, not the code).
 */
function timePerItem<T>(
  items: readonly T[],
  fn: (item: T) => unknown,
  runs: number,
  passes: number,
  warmMs: number,
): number {
  const once = () => {
    for (let p = 0; p < passes; p++) for (const item of items) fn(item);
  };
  const warmUntil = performance.now() + warmMs;
  do once();
  while (performance.now() < warmUntil);
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    once();
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / (items.length * passes));
  }
  return median(samples);
}

const library = (m: ModelRecord) => getLibrarySnippets(m);
const inference = (m: ModelRecord) => getInferenceSnippets(m, {});
const both = (m: ModelRecord) => [getLibrarySnippets(m), getInferenceSnippets(m, {})];

/** Runs the snippet benchmark and returns its RESULTS.md section. */
export async function benchSnippets({ smoke }: BenchOptions): Promise<BenchSection> {
  const all = loadCatalog();
  const models = smoke ? all.slice(0, 20) : all;
  const runs = smoke ? 3 : 15;
  const passes = smoke ? 1 : 20;
  const warmMs = smoke ? 50 : 2_000;
  const withInference = models.filter((m) => getInferenceSnippets(m, {}).length > 0);
  const snippetCount = models.reduce((n, m) => n + getInferenceSnippets(m, {}).length, 0);

  const bothUs = timePerItem(models, both, runs, passes, warmMs);
  const libraryUs = timePerItem(models, library, runs, passes, warmMs);
  const inferenceUs = timePerItem(withInference, inference, runs, passes, warmMs);
  const pick = (list: ModelRecord[]) => (i: number) => list[i % list.length] as ModelRecord;
  const libraryBytes = await bytesPerCall((i) => library(pick(models)(i)), smoke ? 50 : 500);
  const inferenceBytes = await bytesPerCall((i) => inference(pick(withInference)(i)), smoke ? 50 : 500);

  const reference = smoke ? null : await referenceComparison(models);
  const body = [
    `${models.length} models of the demo catalog (${withInference.length} with inference snippets, ${snippetCount} inference snippets in all); median of ${runs} runs of ${passes} passes after ${warmMs / 1000} s of warm-up.`,
    "",
    table(
      ["measure", "µs", "heap allocated"],
      [
        ["library + inference snippets, per model", fmt(bothUs, 2), ""],
        ["library snippets, per model", fmt(libraryUs, 2), `${fmt(libraryBytes / 1024, 1)} KiB/model`],
        [
          "inference snippets (all languages and clients, default provider), per call",
          fmt(inferenceUs, 2),
          `${fmt(inferenceBytes / 1024, 1)} KiB/call`,
        ],
      ],
    ),
    "",
    target("inference snippets for a model < 20 µs per call", inferenceUs < 20, `${fmt(inferenceUs, 2)} µs`),
    target("library snippets < 2 µs per model", libraryUs < 2, `${fmt(libraryUs, 2)} µs`),
    // The side-by-side run needs seconds and the reference packages: full runs only.
    ...(reference ? ["", ...reference.body] : []),
  ].join("\n");
  return {
    title: "Snippet engine",
    command: "npm run bench -- snippets",
    body,
    headlines: [
      `inference snippets: ${fmt(inferenceUs, 1)} µs per call (target < 20 µs); library snippets: ${fmt(libraryUs, 2)} µs per model (target < 2 µs)`,
      ...(reference ? [reference.headline] : []),
    ],
  };
}
