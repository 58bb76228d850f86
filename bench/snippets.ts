// bench/snippets: the engine's throughput on the demo catalog.
import { getInferenceSnippets, getLibrarySnippets, type ModelRecord } from "@modelhub/snippets";
import { loadCatalog } from "./catalog.js";
import { bytesPerCall } from "./heap.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { referenceComparison } from "./snippets-reference.js";
import { alternate, FULL_WARM_UP, type WarmUp, warmUp } from "./snippets-timing.js";
import { fmt, table } from "./stats.js";

/**
 * CPU µs per item of `fn` over `items`: the median of `runs` rounds of about `roundMs`, after a warm-up that lasts
 * until the JIT has settled (the engine runs hot in a server; a cold pass would measure the compiler, not the code).
 */
function timePerItem<T>(items: readonly T[], fn: (item: T) => unknown, runs: number, roundMs: number, warm: WarmUp) {
  warmUp(items, [fn], warm);
  return alternate(items, [fn], runs, roundMs)[0] ?? Number.NaN;
}

const library = (m: ModelRecord) => getLibrarySnippets(m);
// The engine logs a line when the default provider does not serve a model's task (spec §8): that is the server's
// log, not the engine's work, so the timed calls log nowhere.
const SILENT = { warn: () => {} };
const inference = (m: ModelRecord) => getInferenceSnippets(m, {}, SILENT);
const both = (m: ModelRecord) => [getLibrarySnippets(m), getInferenceSnippets(m, {}, SILENT)];

/** Runs the snippet benchmark and returns its RESULTS.md section. */
export async function benchSnippets({ smoke }: BenchOptions): Promise<BenchSection> {
  const all = loadCatalog();
  const models = smoke ? all.slice(0, 20) : all;
  const runs = smoke ? 3 : 15;
  const roundMs = smoke ? 10 : 100;
  const warm: WarmUp = smoke ? { minMs: 50, maxMs: 50, windowMs: 25 } : FULL_WARM_UP;
  const withInference = models.filter((m) => getInferenceSnippets(m, {}, SILENT).length > 0);
  const snippetCount = models.reduce((n, m) => n + getInferenceSnippets(m, {}, SILENT).length, 0);

  const bothUs = timePerItem(models, both, runs, roundMs, warm);
  const libraryUs = timePerItem(models, library, runs, roundMs, warm);
  const inferenceUs = timePerItem(withInference, inference, runs, roundMs, warm);
  const pick = (list: ModelRecord[]) => (i: number) => list[i % list.length] as ModelRecord;
  const libraryBytes = await bytesPerCall((i) => library(pick(models)(i)), smoke ? 50 : 500);
  const inferenceBytes = await bytesPerCall((i) => inference(pick(withInference)(i)), smoke ? 50 : 500);

  const reference = smoke ? null : await referenceComparison(models);
  const body = [
    `${models.length} models of the demo catalog (${withInference.length} with inference snippets, ${snippetCount} inference snippets in all); CPU time per call: median of ${runs} rounds of about ${roundMs} ms, each measure after a warm-up that ran until it stopped getting faster (bench/snippets-timing.ts).`,
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
