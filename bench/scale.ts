// bench/scale and bench/postgres: a synthetic catalog of a million models imported with the real CLI, then the list
// queries timed against the built hub, on SQLite (`scale`) or on the PostgreSQL at DATABASE_URL (`postgres`).
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { createBenchSchema } from "./postgres.js";
import { type Child, hubEnv, rssMiB, runCli, startHub } from "./processes.js";
import {
  QUERY_KINDS,
  QUERY_LABELS,
  type QueryKind,
  type QueryPlan,
  queryPlan,
  timeDeepPages,
  timeRequests,
} from "./scale-queries.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, quantile, table } from "./stats.js";
import { type SyntheticCatalog, writeSyntheticCatalog } from "./synthetic.js";

/** Where the catalog and the databases are written (gitignored). */
const WORK = fileURLToPath(new URL("./.work/", import.meta.url));

/** Sizes of a run. */
interface Sizes {
  /** Models in the catalog. */
  models: number;
  /** Timed requests per kind. */
  requests: number;
  /** Untimed requests before each kind. */
  warmup: number;
  /** Pages followed per cursor chain, and how many first pages are not "deep". */
  pages: number;
  shallow: number;
  /** Timed search totals (`/api/model-facets`; PostgreSQL only): the first of the timed search terms. */
  totals: number;
}

const FULL: Sizes = { models: 1_000_000, requests: 300, warmup: 30, pages: 60, shallow: 10, totals: 50 };
const SMOKE: Sizes = { models: 2_000, requests: 20, warmup: 3, pages: 4, shallow: 1, totals: 5 };

/** What one dialect measured. */
interface DialectResult {
  dialect: "SQLite" | "PostgreSQL";
  importMs: number;
  bytes: number;
  rssStartMb: number;
  rssEndMb: number;
  times: Record<QueryKind, number[]>;
  /** Times of the search totals, where measured. */
  totals: number[] | null;
  /** 1-minute load average before and after the requests. */
  loadBefore: number;
  loadAfter: number;
}

const MB = 1e6;

async function measureQueries(hub: Child, plan: QueryPlan, sizes: Sizes): Promise<Record<QueryKind, number[]>> {
  const { paths } = plan;
  return {
    unfiltered: await timeRequests(hub.url, paths.unfiltered, sizes.warmup),
    libraryTask: await timeRequests(hub.url, paths.libraryTask, sizes.warmup),
    tag: await timeRequests(hub.url, paths.tag, sizes.warmup),
    search: await timeRequests(hub.url, paths.search, sizes.warmup),
    deepPages: await timeDeepPages(hub.url, plan.deepStarts, sizes.pages, sizes.shallow),
  };
}

// Imports `file` with the CLI, checks every record arrived, then times the queries against a fresh hub.
async function runDialect(
  dialect: DialectResult["dialect"],
  file: string,
  plan: QueryPlan,
  sizes: Sizes,
  db: { importArgs: string[]; env: NodeJS.ProcessEnv; bytes(): Promise<number>; count(): Promise<number> },
  hubOptions: Parameters<typeof startHub>[0],
): Promise<DialectResult> {
  const run = await runCli(["import", file, ...db.importArgs], db.env);
  if (run.code !== 0) throw new Error(`modelhub import failed (exit ${run.code}):\n${run.output.slice(-2000)}`);
  const stored = await db.count();
  if (stored !== sizes.models) throw new Error(`${dialect}: ${stored} models stored, expected ${sizes.models}`);
  const bytes = await db.bytes();
  const hub = await startHub(hubOptions);
  try {
    const pid = hub.process.pid as number;
    const rssStartMb = (rssMiB(pid) * 1024 ** 2) / MB;
    const loadBefore = loadavg()[0] as number;
    const times = await measureQueries(hub, plan, sizes);
    // The totals beside a search (PostgreSQL): the hub's totals cache is keyed apart from its list cache, so these
    // terms, timed above as lists, are not answered from a cache here.
    const totals =
      dialect === "PostgreSQL" ? await timeRequests(hub.url, plan.searchTotals.slice(0, sizes.totals), 0) : null;
    const loadAfter = loadavg()[0] as number;
    const rssEndMb = (rssMiB(pid) * 1024 ** 2) / MB;
    return { dialect, importMs: run.ms, bytes, rssStartMb, rssEndMb, times, totals, loadBefore, loadAfter };
  } finally {
    await hub.stop();
  }
}

async function runSqlite(file: string, plan: QueryPlan, sizes: Sizes): Promise<DialectResult> {
  const dir = mkdtempSync(join(WORK, "sqlite-"));
  const path = join(dir, "hub.db");
  const fileBytes = (name: string) => statSync(name, { throwIfNoEntry: false })?.size ?? 0;
  const env = { MODELHUB_DEMO_CATALOG: "off" };
  try {
    return await runDialect(
      "SQLite",
      file,
      plan,
      sizes,
      {
        importArgs: ["--db", path],
        env: hubEnv(dir, { env }),
        bytes: async () => fileBytes(path) + fileBytes(`${path}-wal`),
        count: async () => {
          const sqlite = new Database(path, { readonly: true });
          try {
            return (sqlite.prepare("SELECT count(*) AS n FROM models").get() as { n: number }).n;
          } finally {
            sqlite.close();
          }
        },
      },
      { db: path, env },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(databaseUrl: string, file: string, plan: QueryPlan, sizes: Sizes): Promise<DialectResult> {
  const schema = await createBenchSchema(databaseUrl);
  const dir = mkdtempSync(join(WORK, "postgres-"));
  const env = { MODELHUB_DEMO_CATALOG: "off", DATABASE_URL: schema.url };
  try {
    return await runDialect(
      "PostgreSQL",
      file,
      plan,
      sizes,
      {
        importArgs: [],
        env: hubEnv(dir, { usePostgres: true, env }),
        bytes: () => schema.size(),
        count: () => schema.count("models"),
      },
      { usePostgres: true, env },
    );
  } finally {
    await schema.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function p95(result: DialectResult, kind: QueryKind): number {
  return quantile(result.times[kind], 0.95);
}

const LIST_KINDS: QueryKind[] = ["unfiltered", "libraryTask", "tag", "deepPages"];

function latencyRow(label: string, times: number[]): (string | number)[] {
  return [
    label,
    times.length,
    fmt(quantile(times, 0.5), 2),
    fmt(quantile(times, 0.95), 2),
    fmt(quantile(times, 0.99), 2),
  ];
}

// The setup and latency tables of one dialect's run, and the sentence saying how it was measured.
function tables(r: DialectResult, sizes: Sizes, catalog: SyntheticCatalog): string[] {
  const count = sizes.models.toLocaleString("en-US");
  const setup = table(
    ["import (s)", "size on disk (MB)", "hub RSS after start (MB)", "hub RSS after the queries (MB)"],
    [[fmt(r.importMs / 1000, 1), fmt(r.bytes / MB, 0), fmt(r.rssStartMb, 0), fmt(r.rssEndMb, 0)]],
  );
  const rows = QUERY_KINDS.map((kind) => latencyRow(QUERY_LABELS[kind], r.times[kind]));
  if (r.totals)
    rows.push(latencyRow("totals beside a search (`/api/model-facets?search=`, the first timed terms)", r.totals));
  const latency = table(["request", "requests", "p50 ms", "p95 ms", "p99 ms"], rows);
  const server =
    r.dialect === "PostgreSQL"
      ? " PostgreSQL: the server on the same machine, default settings; RSS is the hub's alone."
      : "";
  return [
    `${count} synthetic models (\`bench/synthetic.ts\`, seeded: Zipf authors, library-consistent tasks and tags, power-law downloads; ${fmt(catalog.bytes / MB, 0)} MB of JSON Lines) imported into ${r.dialect} with \`modelhub import\`, then served by the built hub (\`modelhub serve\`, request logs off). Each kind of request: ${sizes.requests} sequential requests over keep-alive after ${sizes.warmup} untimed ones of the same kind (searches: other terms), timed by the client (node:http, one keep-alive connection, asking for br or gzip) on loopback (HTTP, validation, JSON and compression included). Deep pages: ${plan(sizes)}.${server} Load average (1 min) before the requests: ${fmt(r.loadBefore, 1)}, after: ${fmt(r.loadAfter, 1)}, on 2 shared cores.`,
    "",
    setup,
    "",
    latency,
  ];
}

function renderSqlite(r: DialectResult, sizes: Sizes, catalog: SyntheticCatalog): BenchSection {
  const count = sizes.models.toLocaleString("en-US");
  const listP95 = Math.max(...LIST_KINDS.map((k) => p95(r, k)));
  const searchP95 = p95(r, "search");
  const rss = Math.max(r.rssStartMb, r.rssEndMb);
  const body = [
    ...tables(r, sizes, catalog),
    "",
    `Targets at ${count} models on SQLite:`,
    "",
    target(
      "filtered/sorted list p95 < 10 ms (worst of unfiltered, library + task, tag, deep pages)",
      listP95 < 10,
      `${fmt(listP95, 2)} ms`,
    ),
    target("search p95 < 50 ms", searchP95 < 50, `${fmt(searchP95, 2)} ms`),
    target("import < 60 s", r.importMs < 60_000, `${fmt(r.importMs / 1000, 1)} s`),
    target("hub RSS < 250 MB", rss < 250, `${fmt(rss, 0)} MB`),
  ].join("\n");
  const headline = `${count} models on SQLite: import ${fmt(r.importMs / 1000, 1)} s (target < 60 s), list p95 ${fmt(listP95, 1)} ms (< 10 ms), search p95 ${fmt(searchP95, 1)} ms (< 50 ms), hub RSS ${fmt(rss, 0)} MB (< 250 MB)`;
  return { title: "A million models", command: "npm run bench -- scale", body, headlines: [headline] };
}

function renderPostgres(r: DialectResult, sizes: Sizes, catalog: SyntheticCatalog): BenchSection {
  const count = sizes.models.toLocaleString("en-US");
  const searchP95 = p95(r, "search");
  const searchP99 = quantile(r.times.search, 0.99);
  const totalsP95 = quantile(r.totals ?? [], 0.95);
  const body = [
    ...tables(r, sizes, catalog),
    "",
    `Target at ${count} models on PostgreSQL:`,
    "",
    target(`PostgreSQL id search p95 < 50 ms at ${count}`, searchP95 < 50, `${fmt(searchP95, 2)} ms`),
  ].join("\n");
  const headline = `${count} models on PostgreSQL: id search p95 ${fmt(searchP95, 1)} ms (target < 50 ms), p99 ${fmt(searchP99, 1)} ms; the totals beside a search p95 ${fmt(totalsP95, 0)} ms (load average ${fmt(r.loadBefore, 1)} → ${fmt(r.loadAfter, 1)})`;
  return { title: "A million models on PostgreSQL", command: "npm run bench -- postgres", body, headlines: [headline] };
}

function plan(sizes: Sizes): string {
  return `6 chains of ${sizes.pages} pages of 100 models (4 sorts, a library filter, a tag filter), pages ${sizes.shallow + 1}–${sizes.pages} timed`;
}

// The catalog (written again each run: generating it costs less than importing it) and the requests drawn from it.
async function prepare(smoke: boolean): Promise<{ sizes: Sizes; catalog: SyntheticCatalog; queries: QueryPlan }> {
  const sizes = smoke ? SMOKE : FULL;
  mkdirSync(WORK, { recursive: true });
  const catalog = await writeSyntheticCatalog(join(WORK, `synthetic-${sizes.models}.jsonl`), sizes.models);
  return { sizes, catalog, queries: queryPlan(catalog.sample, sizes.requests, sizes.warmup) };
}

/** Runs the scale benchmark on SQLite and returns its RESULTS.md section. */
export async function benchScale({ smoke }: BenchOptions): Promise<BenchSection> {
  const { sizes, catalog, queries } = await prepare(smoke);
  return renderSqlite(await runSqlite(catalog.file, queries, sizes), sizes, catalog);
}

/** Runs the scale benchmark on the PostgreSQL at DATABASE_URL (in a schema of its own) and returns its section. */
export async function benchScalePostgres({ smoke }: BenchOptions): Promise<BenchSection> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("the postgres benchmark needs DATABASE_URL=postgres://…");
  const { sizes, catalog, queries } = await prepare(smoke);
  return renderPostgres(await runPostgres(databaseUrl, catalog.file, queries, sizes), sizes, catalog);
}
