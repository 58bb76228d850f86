// bench/repos: the git-backed repository reads the field's clients make, each beside a bare node:http server doing
// the same work — request rates of HEAD resolve and the revision record, snapshot_download against plain GETs, a
// 1 GiB LFS file through resolve, and the hub's memory while it serves four ranges of that file at once.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { type Child, startHub } from "./processes.js";
import { type RecordedAnswer, recordAnswer, startFileServer, startReplay } from "./repos-bare.js";
import { withCpu } from "./repos-cpu.js";
import { download, megabytesPerSecond, sampleRss, splitRanges } from "./repos-download.js";
import { BENCH_TOKEN, createRepo, makeTwentyFileRepo, putFile, writeRandomFile } from "./repos-fixture.js";
import { pythonClientMissing, timeSnapshots } from "./repos-python.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, median, table } from "./stats.js";

const SMALL_REPO = "bench/twenty-files";
const LARGE_REPO = "bench/large-weights";
const MiB = 1024 * 1024;

/** req/s and latency of one autocannon run. */
interface Rate {
  rps: number;
  /** Server CPU per request, µs. */
  cpuUs: number;
  p99: number;
  errors: number;
}

/** autocannon's client object, as far as `skipHeadBodies` touches it. */
interface CannonClient {
  parser: { constructor: { kOnHeadersComplete: number } };
}

// autocannon's HTTP parser waits for a HEAD answer's Content-Length worth of body, which never comes (RFC 9110
// §9.3.2: a HEAD answer has none). Its client sets the parser's headers callback after `setupClient` runs, so the
// callback is wrapped as it is set: it tells the parser to skip the body, as node's own client does for HEAD.
function skipHeadBodies(client: CannonClient): void {
  let wrapped: ((info: unknown) => boolean) | undefined;
  Object.defineProperty(client.parser, client.parser.constructor.kOnHeadersComplete, {
    configurable: true,
    get: () => wrapped,
    set: (onHeaders: (info: unknown) => unknown) => {
      wrapped = (info) => {
        onHeaders(info);
        return true;
      };
    },
  });
}

async function rate(url: string, method: "GET" | "HEAD", seconds: number, pid: number): Promise<Rate> {
  const { result: r, cpu } = await withCpu(pid, () =>
    autocannon({
      url,
      method,
      connections: 64,
      duration: seconds,
      pipelining: 1,
      ...(method === "HEAD" ? { setupClient: skipHeadBodies as unknown as (client: autocannon.Client) => void } : {}),
    }),
  );
  const cpuUs = (cpu / Math.max(1, r.requests.total)) * 1e6;
  return { rps: r.requests.average, cpuUs, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

const medianRate = (runs: Rate[]): Rate => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)] as Rate;

/** Hub and bare server on one endpoint: alternating rounds after a warm-up, the median round of each. */
async function compareRates(
  hub: Child,
  hubUrl: string,
  method: "GET" | "HEAD",
  answer: RecordedAnswer,
  seconds: number,
  rounds: number,
): Promise<{ hub: Rate; bare: Rate }> {
  const bare = await startReplay(answer);
  try {
    const [barePid, hubPid] = [bare.process.pid as number, hub.process.pid as number];
    await rate(bare.url, method, 1, barePid);
    await rate(hubUrl, method, 1, hubPid);
    const hubRuns: Rate[] = [];
    const bareRuns: Rate[] = [];
    for (let i = 0; i < rounds; i++) {
      bareRuns.push(await rate(bare.url, method, seconds, barePid));
      hubRuns.push(await rate(hubUrl, method, seconds, hubPid));
    }
    return { hub: medianRate(hubRuns), bare: medianRate(bareRuns) };
  } finally {
    await bare.stop();
  }
}

const pct = (ratio: number): string => `${fmt(ratio * 100, 0)}%`;

async function requestRates(hub: Child, smoke: boolean) {
  const seconds = smoke ? 1 : 4;
  const rounds = smoke ? 1 : 5;
  const endpoints = [
    { label: "HEAD /:id/resolve/main/config.json", method: "HEAD", path: `/${SMALL_REPO}/resolve/main/config.json` },
    { label: "GET /api/models/:id/revision/main", method: "GET", path: `/api/models/${SMALL_REPO}/revision/main` },
  ] as const;
  const rows: Array<Array<string | number>> = [];
  const ratios: number[] = [];
  for (const e of endpoints) {
    const answer = await recordAnswer(hub.url + e.path, e.method);
    const { hub: h, bare: b } = await compareRates(hub, hub.url + e.path, e.method, answer, seconds, rounds);
    ratios.push(h.rps / b.rps);
    rows.push(
      [
        e.label,
        "bare node:http (same status, headers, body)",
        fmt(b.rps, 0),
        fmt(b.cpuUs, 0),
        fmt(b.p99, 1),
        b.errors,
        "",
      ],
      [e.label, "hub", fmt(h.rps, 0), fmt(h.cpuUs, 0), fmt(h.p99, 1), h.errors, pct(h.rps / b.rps)],
    );
  }
  const note = `autocannon, 64 connections, ${rounds} alternating rounds of ${seconds} s per server after a 1 s warm-up (median round shown, by req/s); each bare server replays the hub's recorded answer for that request (status, headers and body). Server CPU per request is the server process's user + system time over the round (from /proc) divided by the requests it answered: unlike req/s, it hardly depends on what else the shared machine ran meanwhile.`;
  const tableText = table(
    ["request", "server", "req/s", "server CPU µs/request", "p99 ms", "errors", "hub / bare"],
    rows,
  );
  return { text: `${note}\n\n${tableText}`, head: ratios[0] as number, revision: ratios[1] as number };
}

async function snapshotTimes(hub: Child, paths: string[], smoke: boolean) {
  const missing = pythonClientMissing();
  if (missing) return { text: `- snapshot_download row skipped: ${missing}`, ratio: null };
  const times = await timeSnapshots(hub.url, SMALL_REPO, paths, smoke ? 1 : 5);
  if (times.bytes.plain !== times.bytes.snapshot) {
    throw new Error(`snapshot_download wrote ${times.bytes.snapshot} bytes, the plain GETs ${times.bytes.plain}`);
  }
  const plain = median(times.plain);
  const snap = median(times.snapshot);
  const rows = [
    ["plain concurrent GETs of /resolve/main/{path} (httpx, 8 threads)", fmt(plain * 1000, 0), ""],
    ["huggingface_hub 1.28 snapshot_download (max_workers=8)", fmt(snap * 1000, 0), pct(snap / plain)],
  ];
  const note = `${paths.length} files, ${fmt(times.bytes.plain / MiB, 1)} MiB in all (5 LFS weights; the rest git blobs), fetched into a fresh folder each round by one Python process (start-up and imports not timed); ${times.plain.length} alternating rounds after one warm-up of each, median shown.`;
  return { text: `${note}\n\n${table(["client", "ms", "÷ plain GETs"], rows)}`, ratio: snap / plain };
}

async function largeFile(hub: Child, work: string, smoke: boolean) {
  const size = smoke ? 16 * MiB : 1024 * MiB;
  const file = join(work, "weights.safetensors");
  await writeRandomFile(file, size);
  await createRepo(hub.url, LARGE_REPO);
  await putFile(hub.url, LARGE_REPO, "model.safetensors", file);
  // Both copies were just written: let the kernel write them out first, so no download races the write-back.
  spawnSync("sync");
  const url = `${hub.url}/${LARGE_REPO}/resolve/main/model.safetensors`;
  const head = await fetch(url, { method: "HEAD" });
  if (head.headers.get("x-linked-size") !== String(size)) throw new Error(`${url} is not served as an LFS file`);
  const bare = await startFileServer(file);
  try {
    // MB/s of one whole download, and the server's CPU seconds per GiB sent.
    const whole = async (u: string, pid: number) => {
      const { result: d, cpu } = await withCpu(pid, () => download(u));
      if (d.status !== 200 || d.bytes !== size) throw new Error(`${u}: HTTP ${d.status}, ${d.bytes} bytes`);
      return { mbps: megabytesPerSecond(d), cpuPerGiB: cpu / (size / 1024 ** 3) };
    };
    const [barePid, hubPid] = [bare.process.pid as number, hub.process.pid as number];
    // Warm-up, twice each: both copies in the page cache, both servers' code and allocator warm.
    for (let i = 0; i < 2; i++) {
      await whole(`${bare.url}/file`, barePid);
      await whole(url, hubPid);
    }
    const bareRuns: Array<{ mbps: number; cpuPerGiB: number }> = [];
    const hubRuns: Array<{ mbps: number; cpuPerGiB: number }> = [];
    for (let i = 0; i < (smoke ? 1 : 5); i++) {
      bareRuns.push(await whole(`${bare.url}/file`, barePid));
      hubRuns.push(await whole(url, hubPid));
    }
    const ranges = splitRanges(size, 4);
    const pid = hub.process.pid as number;
    const started = performance.now();
    const { baseline, peak, result } = await sampleRss(pid, () => Promise.all(ranges.map((r) => download(url, r))));
    const rangedMs = performance.now() - started;
    for (const [i, d] of result.entries()) {
      const r = ranges[i] as { start: number; end: number };
      if (d.status !== 206 || d.bytes !== r.end - r.start + 1) throw new Error(`range ${i}: HTTP ${d.status}`);
    }
    return {
      size,
      bare: median(bareRuns.map((r) => r.mbps)),
      hub: median(hubRuns.map((r) => r.mbps)),
      bareCpu: median(bareRuns.map((r) => r.cpuPerGiB)),
      hubCpu: median(hubRuns.map((r) => r.cpuPerGiB)),
      rounds: bareRuns.length,
      rss: { baseline, peak },
      rangedMBps: size / 1e6 / (rangedMs / 1000),
    };
  } finally {
    await bare.stop();
    rmSync(file, { force: true });
  }
}

/** Runs the repository benchmark and returns its RESULTS.md section. */
export async function benchRepos({ smoke }: BenchOptions): Promise<BenchSection> {
  const loadBefore = loadavg()[0] as number;
  const work = mkdtempSync(join(tmpdir(), "modelhub-bench-repos-"));
  mkdirSync(join(work, "data"));
  const hub = await startHub({
    db: join(work, "hub.db"),
    env: { MODELHUB_DATA_DIR: join(work, "data"), MODELHUB_ADMIN_TOKEN: BENCH_TOKEN, MODELHUB_DEMO_CATALOG: "off" },
  });
  try {
    const paths = await makeTwentyFileRepo(hub.url, SMALL_REPO, smoke);
    const rates = await requestRates(hub, smoke);
    const snapshot = await snapshotTimes(hub, paths, smoke);
    const large = await largeFile(hub, work, smoke);
    const loadAfter = loadavg()[0] as number;
    const largeRatio = large.hub / large.bare;
    const growth = large.rss.peak - large.rss.baseline;
    const sizeText = smoke ? `${large.size / MiB} MiB` : "1 GiB";
    const largeTable = table(
      ["download", "server", "MB/s", "server CPU s/GiB"],
      [
        [
          `whole ${sizeText} file`,
          "bare node:http (fs.createReadStream of the same bytes)",
          fmt(large.bare, 0),
          fmt(large.bareCpu, 2),
        ],
        [
          `whole ${sizeText} file`,
          "hub, GET /:id/resolve/main/model.safetensors (LFS)",
          fmt(large.hub, 0),
          fmt(large.hubCpu, 2),
        ],
        [`4 concurrent quarter ranges`, "hub, same URL with Range", fmt(large.rangedMBps, 0), ""],
      ],
    );
    const memoryTable = table(
      ["hub RSS before (MiB)", "peak during 4 ranged downloads (MiB)", "growth (MiB)", "file (MiB)"],
      [[fmt(large.rss.baseline, 0), fmt(large.rss.peak, 0), fmt(growth, 1), fmt(large.size / MiB, 0)]],
    );
    const body = [
      `Hub: the built \`modelhub serve\` on SQLite, request logs off, no demo catalog; every file written through the hub's upload path (\`POST /api/repos/create\`, then one streamed \`PUT /api/models/{id}/files/{path}\` each). Load generator, clients and servers on the same machine, shared with seven other engineers' builds and tests: 1-minute load average ${fmt(loadBefore, 1)} at the start, ${fmt(loadAfter, 1)} at the end (run when it was lowest we could get).`,
      "",
      rates.text,
      "",
      snapshot.text,
      "",
      `The ${sizeText} LFS file (random bytes) is uploaded, then downloaded whole by a node:http client on a fresh connection that reads and drops every byte: ${large.rounds} alternating rounds after two warm-up downloads from each (median shown). Then four clients at once each ask for one quarter with \`Range\`, while the hub's RSS is read from /proc every 10 ms.`,
      "",
      largeTable,
      "",
      memoryTable,
      "",
      target("HEAD resolve ≥ 50% of the bare server's req/s", rates.head >= 0.5, pct(rates.head)),
      target("GET revision/main ≥ 50% of the bare server's req/s", rates.revision >= 0.5, pct(rates.revision)),
      ...(snapshot.ratio === null
        ? []
        : [target("snapshot_download < 2× the plain GETs' time", snapshot.ratio < 2, pct(snapshot.ratio))]),
      target(`${sizeText} LFS download ≥ 80% of the bare server's MB/s`, largeRatio >= 0.8, pct(largeRatio)),
      target(
        "hub RSS growth during 4 ranged downloads < 64 MB (the file is 1024)",
        growth < 64,
        `${fmt(growth, 1)} MB`,
      ),
    ].join("\n");
    const snapshotHeadline =
      snapshot.ratio === null
        ? []
        : [`snapshot_download of 20 files: ${pct(snapshot.ratio)} of plain GETs' time (target < 200%)`];
    return {
      title: "Repositories on git",
      command: "npm run bench -- repos",
      body,
      headlines: [
        `HEAD resolve ${pct(rates.head)} and revision/main ${pct(rates.revision)} of a bare node:http server's req/s (target ≥ 50%)`,
        ...snapshotHeadline,
        `${sizeText} LFS download through resolve at ${pct(largeRatio)} of a bare server's MB/s (target ≥ 80%); RSS growth ${fmt(growth, 1)} MiB during 4 ranged downloads`,
      ],
    };
  } finally {
    await hub.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
