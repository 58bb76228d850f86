// bench/api: the hub under load on loopback (autocannon, 64 connections), each endpoint beside a bare node:http server.
import autocannon from "autocannon";
import { type Child, startHub } from "./processes.js";
import { recordAnswer, startReplay } from "./repos-bare.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, table } from "./stats.js";

/** What one load run measured. */
interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: 64, duration: seconds, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** The run with the median req/s. */
function medianRun(runs: Load[]): Load {
  return [...runs].sort((x, y) => x.rps - y.rps)[Math.floor(runs.length / 2)] as Load;
}

/** Runs the API benchmark and returns its RESULTS.md section. */
export async function benchApi({ smoke }: BenchOptions): Promise<BenchSection> {
  const seconds = smoke ? 1 : 5;
  const rounds = smoke ? 1 : 3;
  const hub = await startHub();
  const bares: Child[] = [];
  try {
    const chat = "meta-llama/Llama-3.1-8B-Instruct";
    const paths: Array<[string, string]> = [
      ["GET /api/models/:id/snippets", `/api/models/${chat}/snippets`],
      ["GET /api/models/:id", `/api/models/${chat}`],
      // Repository reads on git (issue 15): the revision record and a small file through resolve.
      ["GET /api/models/:id/revision/main", `/api/models/${chat}/revision/main`],
      ["GET /:id/resolve/main/config.json", `/${chat}/resolve/main/config.json`],
      [
        "GET /api/models?library&pipeline_tag&sort",
        "/api/models?library=transformers&pipeline_tag=text-generation&sort=downloads",
      ],
    ];
    const rows: Array<Array<string | number>> = [];
    let snippetsRatio = 0;
    let snippetsP99 = Number.POSITIVE_INFINITY;
    let listRatio = 0;
    for (const [label, path] of paths) {
      // The bare server replays the hub's whole answer (status, headers, body), so both send the same bytes.
      const bare = await startReplay(await recordAnswer(hub.url + path, "GET"));
      bares.push(bare);
      await load(bare.url, 1); // warm-up
      await load(hub.url + path, 1);
      // Alternate bare and hub runs and keep the median of each, so that a burst of load from elsewhere on the
      // shared machine cannot land on one side only.
      const bareRuns: Load[] = [];
      const hubRuns: Load[] = [];
      for (let round = 0; round < rounds; round++) {
        bareRuns.push(await load(bare.url, seconds));
        hubRuns.push(await load(hub.url + path, seconds));
      }
      const b = medianRun(bareRuns);
      const h = medianRun(hubRuns);
      await bare.stop();
      const ratio = h.rps / b.rps;
      if (path.startsWith("/api/models?")) listRatio = ratio;
      if (path.endsWith("/snippets")) {
        snippetsRatio = ratio;
        snippetsP99 = h.p99;
      }
      rows.push(
        [label, "bare node:http", fmt(b.rps, 0), fmt(b.p50, 1), fmt(b.p99, 1), b.errors, ""],
        [label, "hub", fmt(h.rps, 0), fmt(h.p50, 1), fmt(h.p99, 1), h.errors, `${fmt(ratio * 100, 0)}%`],
      );
    }
    const body = [
      `autocannon, 64 connections, ${rounds} alternating rounds of ${seconds} s per server after a 1 s warm-up (median round shown), load generator and server on the same 2-core machine; each bare server replays the recorded answer of the hub endpoint it is paired with (status, headers and body: the same bytes). Hub on SQLite with the demo catalog, request logs off.`,
      "",
      table(["endpoint", "server", "req/s", "p50 ms", "p99 ms", "errors", "hub / bare"], rows),
      "",
      target(
        "snippets endpoint ≥ 50% of the bare server's req/s",
        snippetsRatio >= 0.5,
        `${fmt(snippetsRatio * 100, 0)}%`,
      ),
      target("snippets endpoint p99 < 10 ms", snippetsP99 < 10, `${fmt(snippetsP99, 1)} ms`),
      target("filtered, sorted list ≥ 50% of the bare server's req/s", listRatio >= 0.5, `${fmt(listRatio * 100, 0)}%`),
    ].join("\n");
    return {
      title: "HTTP API under load",
      command: "npm run bench -- api",
      body,
      headlines: [
        `snippets endpoint: ${fmt(snippetsRatio * 100, 0)}% of a bare node:http server's req/s, p99 ${fmt(snippetsP99, 1)} ms (targets ≥ 50%, < 10 ms)`,
        `filtered, sorted list (library + task by downloads): ${fmt(listRatio * 100, 0)}% of a bare node:http server's req/s (target ≥ 50%)`,
      ],
    };
  } finally {
    for (const b of bares) await b.stop();
    await hub.stop();
  }
}
