// bench/shapes: every list shape the API accepts (bench/list-shapes.ts) timed at ten million models on SQLite: the
// synthetic catalog imported with the real CLI, then distinct requests of each shape against the built hub.
// MODELHUB_BENCH_MODELS=N sets another size (e.g. 1000000 to iterate quickly); the published run uses the default.
import { mkdirSync, rmSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { filtersLabel, type ListShape, listShapes, searches, shapeRequests } from "./list-shapes.js";
import { hubEnv, rssMiB, runCli, startHub } from "./processes.js";
import { seededRandom } from "./random.js";
import { timeRequests } from "./scale-queries.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, quantile, table } from "./stats.js";
import { writeSyntheticCatalog } from "./synthetic.js";

const WORK = fileURLToPath(new URL("./.work/", import.meta.url));
const MB = 1e6;

/** Targets: p95 of a list shape, of a shape that searches ids, import time, the hub's resident memory. */
const LIST_P95_MS = 10;
const SEARCH_P95_MS = 50;
const IMPORT_S = 600;
const RSS_MB = 300;

interface Sizes {
  models: number;
  /** Timed requests per shape. */
  perShape: number;
  /** Untimed requests (of random shapes) before the first timed one. */
  warmup: number;
}

function fullSizes(): Sizes {
  const models = Number(process.env.MODELHUB_BENCH_MODELS ?? 10_000_000);
  if (!Number.isSafeInteger(models) || models < 1000) throw new Error("MODELHUB_BENCH_MODELS: a whole number ≥ 1000");
  // Twenty requests per shape: of ten, the p95 (nearest rank) was the slowest one, so one request that met a GC pause
  // or the machine's other work decided a shape; of twenty it is the 19th, and the slowest shows as max. The requests
  // of all shapes then take about five minutes at 10M, after an import of about seventeen.
  return { models, perShape: Number(process.env.MODELHUB_BENCH_PER_SHAPE ?? 20), warmup: 100 };
}
const SMOKE: Sizes = { models: 2_000, perShape: 2, warmup: 10 };

interface ShapeTimes {
  shape: ListShape;
  ms: number[];
}

const arrow = (direction: string) => (direction === "1" ? "↑" : "↓");
const shapeName = (s: ListShape) => `${filtersLabel(s.filters)}, ${s.sort} ${arrow(s.direction)}`;
const p95 = (t: ShapeTimes) => quantile(t.ms, 0.95);
const limitOf = (s: ListShape) => (searches(s) ? SEARCH_P95_MS : LIST_P95_MS);

function worst(times: ShapeTimes[]): ShapeTimes | undefined {
  return [...times].sort((a, b) => p95(b) - p95(a))[0];
}

// One row per filter combination, one column per sort and direction: the p95 of each shape (❌ over its target).
function grid(times: ShapeTimes[]): string {
  const columns = [...new Map(times.map((t) => [`${t.shape.sort} ${arrow(t.shape.direction)}`, t.shape])).keys()];
  const rows = new Map<string, string[]>();
  for (const t of times) {
    const label = filtersLabel(t.shape.filters);
    const cell = `${fmt(p95(t), 1)}${p95(t) < limitOf(t.shape) ? "" : " ❌"}`;
    rows.set(label, [...(rows.get(label) ?? []), cell]);
  }
  return table(
    ["filters \\ sort", ...columns],
    [...rows].map(([label, cells]) => [label, ...cells]),
  );
}

function slowest(times: ShapeTimes[], n: number): string {
  const rows = [...times]
    .sort((a, b) => p95(b) - p95(a))
    .slice(0, n)
    .map((t) => [
      shapeName(t.shape),
      t.ms.length,
      fmt(quantile(t.ms, 0.5), 2),
      fmt(p95(t), 2),
      fmt(quantile(t.ms, 0.99), 2),
      fmt(Math.max(...t.ms), 2),
    ]);
  return table(["shape", "requests", "p50 ms", "p95 ms", "p99 ms", "max ms"], rows);
}

function countModels(path: string): number {
  const sqlite = new Database(path, { readonly: true });
  try {
    return (sqlite.prepare("SELECT count(*) AS n FROM models").get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

/** Runs the list-shape benchmark and returns its RESULTS.md section. */
export async function benchShapes({ smoke }: BenchOptions): Promise<BenchSection> {
  const sizes = smoke ? SMOKE : fullSizes();
  mkdirSync(WORK, { recursive: true });
  const catalog = await writeSyntheticCatalog(join(WORK, `synthetic-${sizes.models}.jsonl`), sizes.models, {
    sampleSize: 5_000,
  });
  const random = seededRandom(16);
  const seen = new Set<string>();
  const shapes = listShapes();
  const plan = shapes.map((shape) => ({
    shape,
    paths: shapeRequests(shape, catalog.sample, random, sizes.perShape, seen),
  }));
  const warmup = Array.from({ length: sizes.warmup }, () =>
    shapeRequests(random.pick(shapes), catalog.sample, random, 1, seen),
  ).flat();

  const dir = join(WORK, `shapes-${sizes.models}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "hub.db");
  const env = { MODELHUB_DEMO_CATALOG: "off" };
  try {
    const run = await runCli(["import", catalog.file, "--db", path], hubEnv(dir, { env }));
    if (run.code !== 0) throw new Error(`modelhub import failed (exit ${run.code}):\n${run.output.slice(-2000)}`);
    const stored = countModels(path);
    if (stored !== sizes.models) throw new Error(`${stored} models stored, expected ${sizes.models}`);
    const size = (name: string) => statSync(name, { throwIfNoEntry: false })?.size ?? 0;
    const bytes = size(path) + size(`${path}-wal`);
    const loadBefore = loadavg()[0] as number;
    const hub = await startHub({ db: path, env });
    let rssStart = 0;
    let rssEnd = 0;
    const times: ShapeTimes[] = [];
    try {
      const pid = hub.process.pid as number;
      rssStart = (rssMiB(pid) * 1024 ** 2) / MB;
      await timeRequests(hub.url, warmup, 0);
      for (const { shape, paths } of plan) times.push({ shape, ms: await timeRequests(hub.url, paths, 0) });
      rssEnd = (rssMiB(pid) * 1024 ** 2) / MB;
    } finally {
      await hub.stop();
    }
    const loadAfter = loadavg()[0] as number;
    return render({
      sizes,
      catalogBytes: catalog.bytes,
      importMs: run.ms,
      bytes,
      rssStart,
      rssEnd,
      times,
      loadBefore,
      loadAfter,
    });
  } finally {
    if (!process.env.MODELHUB_BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

interface Measured {
  sizes: Sizes;
  catalogBytes: number;
  importMs: number;
  bytes: number;
  rssStart: number;
  rssEnd: number;
  times: ShapeTimes[];
  loadBefore: number;
  loadAfter: number;
}

function render(m: Measured): BenchSection {
  const count = m.sizes.models.toLocaleString("en-US");
  const lists = m.times.filter((t) => !searches(t.shape));
  const searching = m.times.filter((t) => searches(t.shape));
  const worstList = worst(lists) as ShapeTimes;
  const worstSearch = worst(searching) as ShapeTimes;
  const rss = Math.max(m.rssStart, m.rssEnd);
  const requests = m.times.reduce((n, t) => n + t.ms.length, 0);
  const body = [
    `${count} synthetic models (\`bench/synthetic.ts\`; ${fmt(m.catalogBytes / MB, 0)} MB of JSON Lines) imported into SQLite with \`modelhub import\`, then served by the built hub (\`modelhub serve\`, request logs off). Every list shape the API accepts, enumerated from the server's own parameter list (\`LIST_FILTER_PARAMS\`, \`LIST_SORTS\`, \`LIST_DIRECTIONS\`): ${m.times.length} shapes (each subset of the filters × each sort × each direction), ${m.sizes.perShape} distinct requests each (values drawn from catalog records, one in five crossed with another record's; no request repeats, so none is a cache hit), ${requests} timed requests in all after ${m.sizes.warmup} untimed ones, sequential over one keep-alive connection (node:http, asking for br or gzip), timed by the client on loopback. Load average (1 min) before the requests: ${fmt(m.loadBefore, 1)}, after: ${fmt(m.loadAfter, 1)}, on 2 shared cores.`,
    "",
    table(
      ["import (s)", "size on disk (MB)", "hub RSS after start (MB)", "hub RSS after the requests (MB)"],
      [[fmt(m.importMs / 1000, 1), fmt(m.bytes / MB, 0), fmt(m.rssStart, 0), fmt(m.rssEnd, 0)]],
    ),
    "",
    `p95 ms of each shape (targets: < ${LIST_P95_MS} ms, < ${SEARCH_P95_MS} ms with \`search\`; ❌ marks a miss):`,
    "",
    grid(m.times),
    "",
    "The ten slowest shapes:",
    "",
    slowest(m.times, 10),
    "",
    `Targets at ${count} models on SQLite:`,
    "",
    target(
      `every list shape without search p95 < ${LIST_P95_MS} ms (worst: ${shapeName(worstList.shape)})`,
      p95(worstList) < LIST_P95_MS,
      `${fmt(p95(worstList), 2)} ms`,
    ),
    target(
      `every shape with id search p95 < ${SEARCH_P95_MS} ms (worst: ${shapeName(worstSearch.shape)})`,
      p95(worstSearch) < SEARCH_P95_MS,
      `${fmt(p95(worstSearch), 2)} ms`,
    ),
    target(`import < ${IMPORT_S / 60} min`, m.importMs < IMPORT_S * 1000, `${fmt(m.importMs / 1000, 1)} s`),
    target(`hub RSS < ${RSS_MB} MB`, rss < RSS_MB, `${fmt(rss, 0)} MB`),
  ].join("\n");
  const headline = `${count} models on SQLite, every list shape (${m.times.length}): worst list p95 ${fmt(p95(worstList), 1)} ms (target < ${LIST_P95_MS} ms), worst search p95 ${fmt(p95(worstSearch), 1)} ms (< ${SEARCH_P95_MS} ms), import ${fmt(m.importMs / 1000, 0)} s (< ${IMPORT_S} s), hub RSS ${fmt(rss, 0)} MB (< ${RSS_MB} MB)`;
  return {
    title: `Every list shape at ${count} models`,
    command: "npm run bench -- shapes",
    body,
    headlines: [headline],
  };
}
