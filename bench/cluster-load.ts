// bench/cluster: two hub processes (`modelhub serve`) on one PostgreSQL schema and one data directory, under 64
// connections mixing reads (list, next page, record, snippets, resolve) with writes (record updates, uploads). After
// each write, a probe asks the *other* process until it shows the write: that delay is the visibility time. At the
// end both hubs stop (writing their buffered downloads) and the stored counters are compared with the fetches made.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Answer, keepAliveAgent, send } from "./http-client.js";
import { createBenchSchema } from "./postgres.js";
import { type Child, freePort, hubEnv, spawnChild, waitFor } from "./processes.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, quantile, table } from "./stats.js";

const TOKEN = "cluster-bench-admin-token-0123456789";
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Share of operations that write, half record updates and half uploads. */
const WRITE_SHARE = 0.1;
/** A write not seen by the other process after this long counts as an error. */
const PROBE_GIVE_UP_MS = 10_000;
const CARD = "---\nlibrary_name: transformers\npipeline_tag: text-classification\n---\n# Bench model\n";

/** What the load did and saw. */
interface Tally {
  requests: number;
  errors: string[];
  visibility: number[];
  staleFirstProbes: number;
  /** When the answer that showed the write arrived: visibility plus that request's own time. */
  answered: number[];
  writes: { record: number; upload: number };
  downloads: Map<string, number>;
}

const ndjsonCommit = (files: Array<[string, string]>) =>
  [
    { key: "header", value: { summary: "bench" } },
    ...files.map(([path, text]) => ({
      key: "file",
      value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
    })),
  ]
    .map((line) => JSON.stringify(line))
    .join("\n");

async function startHubProcess(env: NodeJS.ProcessEnv): Promise<Child> {
  const port = await freePort();
  const args = ["packages/cli/bin/modelhub.js", "serve", "--port", String(port)];
  const hub = spawnChild(process.execPath, args, env, `http://127.0.0.1:${port}`);
  await waitFor(`${hub.url}/api/models?limit=1`, 120_000);
  return hub;
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<Answer> {
  const done = await answer;
  if (done.status >= 300) throw new Error(`${what}: HTTP ${done.status} ${done.body.toString().slice(0, 200)}`);
  return done;
}

/** Creates `count` models through `hub`, each a repository with a card and a counted file (config.json). */
async function seed(hub: Child, count: number): Promise<string[]> {
  const agent = keepAliveAgent(4);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `m${String(i).padStart(3, "0")}`;
    const body = JSON.stringify({ type: "model", name, organization: "bench" });
    const headers = { ...AUTH, "content-type": "application/json" };
    await expectOk(send(agent, "POST", `${hub.url}/api/repos/create`, { body, headers }), `create ${name}`);
    const commit = ndjsonCommit([
      ["README.md", CARD],
      ["config.json", "{}"],
    ]);
    const commitHeaders = { ...AUTH, "content-type": "application/x-ndjson" };
    await expectOk(
      send(agent, "POST", `${hub.url}/api/models/bench/${name}/commit/main`, { body: commit, headers: commitHeaders }),
      `commit ${name}`,
    );
    ids.push(`bench/${name}`);
  }
  agent.destroy();
  return ids;
}

/**
 * Asks `hub` for the record of `id` until `seen` holds. Resolves with when the first answer that showed the write
 * was asked for (0 when the first request, sent right after the write's response, already saw it), or null past the
 * limit: the delay after which a new request to the other process sees the write, without that request's own time.
 */
async function probe(
  hub: Child,
  agent: ReturnType<typeof keepAliveAgent>,
  id: string,
  seen: (r: never) => boolean,
): Promise<{ ms: number; answeredMs: number; stale: boolean } | null> {
  const started = performance.now();
  for (let asked = 0; ; asked++) {
    const sent = performance.now() - started;
    if (sent > PROBE_GIVE_UP_MS) return null;
    const answer = await send(agent, "GET", `${hub.url}/api/models/${id}`);
    if (answer.status === 200 && seen(JSON.parse(answer.body.toString()) as never)) {
      return { ms: sent, answeredMs: performance.now() - started, stale: asked > 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Everything one connection does until `deadline`: reads of any model, writes to the models it owns. */
async function connectionLoop(
  hub: Child,
  other: Child,
  agents: { load: ReturnType<typeof keepAliveAgent>; probe: ReturnType<typeof keepAliveAgent> },
  ids: readonly string[],
  owned: readonly string[],
  nextPage: string,
  deadline: number,
  tally: Tally,
): Promise<void> {
  const likes = new Map<string, number>();
  const files = new Map<string, number>();
  let turn = 0;
  const record = (seen: { ms: number; answeredMs: number; stale: boolean } | null, error: string) => {
    if (seen === null) tally.errors.push(error);
    else {
      tally.visibility.push(seen.ms);
      tally.answered.push(seen.answeredMs);
      if (seen.stale) tally.staleFirstProbes++;
    }
  };
  while (Date.now() < deadline) {
    const id = ids[Math.floor(Math.random() * ids.length)] as string;
    const roll = Math.random();
    try {
      if (owned.length > 0 && roll < WRITE_SHARE) {
        const mine = owned[turn++ % owned.length] as string;
        if (roll < WRITE_SHARE / 2) {
          const marker = (likes.get(mine) ?? 0) + 1;
          likes.set(mine, marker);
          const body = JSON.stringify({
            library_name: "transformers",
            pipeline_tag: "text-classification",
            likes: marker,
          });
          const headers = { ...AUTH, "content-type": "application/json" };
          await expectOk(send(agents.load, "PUT", `${hub.url}/api/models/${mine}`, { body, headers }), "record update");
          tally.writes.record++;
          const seen = await probe(other, agents.probe, mine, (r: { likes: number }) => r.likes >= marker);
          record(seen, `record update of ${mine} not visible`);
        } else {
          const n = (files.get(mine) ?? 0) + 1;
          files.set(mine, n);
          const path = `data/part-${n}.txt`;
          const headers = { ...AUTH, "content-type": "application/x-ndjson" };
          const body = ndjsonCommit([[path, `part ${n} of ${mine}\n`]]);
          await expectOk(
            send(agents.load, "POST", `${hub.url}/api/models/${mine}/commit/main`, { body, headers }),
            "upload",
          );
          tally.writes.upload++;
          const seen = await probe(other, agents.probe, mine, (r: { siblings?: { rfilename: string }[] }) =>
            (r.siblings ?? []).some((s) => s.rfilename === path),
          );
          record(seen, `upload to ${mine} not visible`);
        }
      } else {
        const read = Math.floor(Math.random() * 5);
        const path = [
          "/api/models?sort=downloads&limit=20",
          nextPage,
          `/api/models/${id}`,
          `/api/models/${id}/snippets`,
          `/${id}/resolve/main/config.json`,
        ][read] as string;
        await expectOk(send(agents.load, "GET", `${hub.url}${path}`), `GET ${path}`);
        if (read === 4) tally.downloads.set(id, (tally.downloads.get(id) ?? 0) + 1);
      }
      tally.requests++;
    } catch (error) {
      tally.requests++;
      tally.errors.push((error as Error).message);
    }
  }
}

/** Downloads stored per model (the all-time counter). */
async function storedDownloads(databaseUrl: string, schema: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; n: string }>(
      `SELECT id, downloads_all_time AS n FROM ${schema}.models`,
    );
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  } finally {
    await client.end();
  }
}

/** Runs the two-process load test and returns its RESULTS.md section. */
export async function benchCluster({ smoke }: BenchOptions): Promise<BenchSection> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("the cluster benchmark needs DATABASE_URL=postgres://…");
  const connections = smoke ? 8 : 64;
  const seconds = smoke ? 3 : 60;
  const schema = await createBenchSchema(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-cluster-bench-"));
  const env = hubEnv(dataDir, {
    usePostgres: true,
    env: { DATABASE_URL: schema.url, MODELHUB_ADMIN_TOKEN: TOKEN, MODELHUB_DEMO_CATALOG: "off" },
  });
  const hubs: Child[] = [];
  try {
    hubs.push(await startHubProcess(env));
    hubs.push(await startHubProcess(env));
    const [a, b] = hubs as [Child, Child];
    const ids = await seed(a, connections);
    const first = await send(keepAliveAgent(1), "GET", `${a.url}/api/models?sort=id&limit=5`);
    const nextPage = /<[^>]*?(\/api\/models\?[^>]*)>; rel="next"/.exec(String(first.headers.link ?? ""))?.[1];
    if (!nextPage) throw new Error("the model list has no next page");

    const tally: Tally = {
      requests: 0,
      errors: [],
      visibility: [],
      staleFirstProbes: 0,
      answered: [],
      writes: { record: 0, upload: 0 },
      downloads: new Map(),
    };
    const agents = [a, b].map(() => ({
      load: keepAliveAgent(connections / 2),
      probe: keepAliveAgent(connections / 2),
    }));
    const loadBefore = loadavg()[0] ?? 0;
    const started = performance.now();
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, (_, c) => {
        const [hub, other] = c % 2 === 0 ? [a, b] : [b, a];
        // Each model is written by one connection, through one process: its writes are ordered.
        const owned = ids.filter((_, i) => i % connections === c);
        return connectionLoop(hub, other, agents[c % 2] as (typeof agents)[0], ids, owned, nextPage, deadline, tally);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const loadAfter = loadavg()[0] ?? 0;
    for (const agent of agents) {
      agent.load.destroy();
      agent.probe.destroy();
    }
    // Stopping writes what each process still holds in memory.
    await Promise.all(hubs.map((hub) => hub.stop()));
    const stored = await storedDownloads(databaseUrl, schema.name);
    const fetched = [...tally.downloads.values()].reduce((sum, n) => sum + n, 0);
    const storedTotal = ids.reduce((sum, id) => sum + (stored.get(id) ?? 0), 0);
    const mismatched = ids.filter((id) => (stored.get(id) ?? 0) !== (tally.downloads.get(id) ?? 0)).length;
    const p50 = quantile(tally.visibility, 0.5);
    const p99 = quantile(tally.visibility, 0.99);
    const max = Math.max(...tally.visibility);
    const writes = tally.writes.record + tally.writes.upload;
    const rows = [
      [
        2,
        connections,
        fmt(elapsed, 0),
        tally.requests,
        fmt(tally.requests / elapsed, 0),
        tally.errors.length,
        `${tally.writes.record} / ${tally.writes.upload}`,
        fmt(p50, 2),
        fmt(p99, 2),
        fmt(max, 2),
        `${tally.staleFirstProbes} of ${tally.visibility.length}`,
        fmt(quantile(tally.answered, 0.99)),
        `${fetched} / ${storedTotal}`,
      ],
    ];
    const firstErrors = [...new Set(tally.errors)].slice(0, 3);
    return {
      title: "Two hub processes on one PostgreSQL (mixed load)",
      command: "npm run bench -- cluster",
      body: [
        `Two \`modelhub serve\` processes on one PostgreSQL schema and one data directory; ${connections} keep-alive connections (half to each process) for ${seconds} s. Each operation is a read (${fmt(100 - WRITE_SHARE * 100, 0)}%: first list page, next list page, record, snippets, resolve of the counted config.json, evenly) or a write (${fmt(WRITE_SHARE * 100, 0)}%: a record update or an upload commit of a small file, to a model that connection owns). After each write, a probe asks the other process for the record until it shows the write; visibility is when the first request that saw it was sent, counted from the write's response (0 when the request sent right after the response already saw it; probes use connections of their own, not counted in the requests). Stale first probes: writes whose first probe still saw the old record; probe answered: when the answer showing the write arrived (visibility plus that request's own time under the load). Downloads: the fetches answered 200 against the counters stored after both processes stopped. Load average (1 min) ${fmt(loadBefore, 2)} before, ${fmt(loadAfter, 2)} after, on a machine shared with other work; load generator, both hubs and PostgreSQL on the same cores.`,
        "",
        table(
          [
            "processes",
            "connections",
            "seconds",
            "requests",
            "req/s",
            "errors",
            "writes (record / upload)",
            "visibility p50 (ms)",
            "visibility p99 (ms)",
            "visibility max (ms)",
            "stale first probes",
            "probe answered p99 (ms)",
            "downloads fetched / stored",
          ],
          rows,
        ),
        "",
        ...(firstErrors.length > 0 ? [`First errors: ${firstErrors.join("; ")}`, ""] : []),
        target(
          `no errors (${tally.errors.length} of ${tally.requests} requests)`,
          tally.errors.length === 0,
          `${fmt((tally.errors.length / Math.max(tally.requests, 1)) * 100)} %`,
        ),
        target(
          "every write visible through the other process within 100 ms (p99)",
          p99 < 100 && writes > 0,
          `${fmt(p99)} ms`,
        ),
        target(
          `download counters equal the counted fetches (${mismatched} of ${ids.length} models differ)`,
          fetched === storedTotal && mismatched === 0,
          `${fmt((Math.abs(fetched - storedTotal) / Math.max(fetched, 1)) * 100)} %`,
        ),
      ].join("\n"),
      headlines: [
        `Two hub processes on one PostgreSQL, ${connections} connections of mixed reads and writes for ${fmt(elapsed, 0)} s: ${tally.errors.length} errors, a write visible through the other process within p99 ${fmt(p99)} ms, ${fetched} downloads counted exactly`,
      ],
    };
  } finally {
    await Promise.all(hubs.map((hub) => hub.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    await schema.drop();
  }
}
