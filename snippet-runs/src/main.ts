// `npm run snippets:run`: runs every inference snippet of the demo catalog with its real client against the local
// stand-in, prints client × (run, passed, failed) and `P passed, F failed`; exits 1 on any failure.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildCases, type Case, loadCatalog } from "./cases.js";
import { INPUT_FILES } from "./media.js";
import { type Job, processRunner, type Runner, runAll, workerRunner } from "./pool.js";
import { emptyCounts, formatReport } from "./report.js";
import { checkRuntimes, PYTHON, pythonPath, REPO_ROOT, RUNTIME_DIR, vendorDir } from "./runtimes.js";
import { STAND_IN_HOSTS } from "./stand-in/apis.js";
import { startStandIn } from "./stand-in/server.js";
import { makeCertificates } from "./tls.js";
import { tokenEnv } from "./tokens.js";
import { runFailures } from "./verify.js";

const CI = process.env.CI === "1" || process.env.CI === "true";
const only = process.env.SNIPPET_RUNS_FILTER ?? "";

const vendor = vendorDir();
const missing = checkRuntimes(vendor).filter((check) => check.missing !== null);
if (missing.length > 0) {
  const text = missing.map((check) => `${check.name}: ${check.missing}`).join("; ");
  if (CI) {
    console.error(`snippet-runs: missing under CI=1: ${text}`);
    process.exit(1);
  }
  console.log(`snippet-runs: skipped, missing ${text}`);
  process.exit(0);
}

const started = Date.now();
const session = join(REPO_ROOT, "snippet-runs/.runs", `${process.pid}`);
rmSync(session, { recursive: true, force: true });
mkdirSync(join(session, "curl"), { recursive: true });
const certs = makeCertificates(session, STAND_IN_HOSTS);
const models = loadCatalog();
const standIn = await startStandIn(certs, new Map(models.map((model) => [model.id, model])));
// curl: each stand-in host connects to the stand-in; any other host goes to a proxy that is not there, and fails.
writeFileSync(
  join(session, "curl/.curlrc"),
  [
    ...STAND_IN_HOSTS.map((host) => `connect-to = ${host}:443:127.0.0.1:${standIn.port}`),
    `noproxy = ${STAND_IN_HOSTS.join(",")}`,
    "proxy = http://127.0.0.1:9",
    `cacert = ${certs.caFile}`,
    "silent",
    "show-error",
    "",
  ].join("\n"),
);

const env: NodeJS.ProcessEnv = { ...process.env };
for (const name of [
  "http_proxy",
  "https_proxy",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "ALL_PROXY",
  "all_proxy",
  "HF_TOKEN",
  "HF_ENDPOINT",
])
  delete env[name];
Object.assign(env, {
  SNIPPET_RUNS_PORT: String(standIn.port),
  SNIPPET_RUNS_HOSTS: STAND_IN_HOSTS.join(","),
  SNIPPET_RUNS_CA: certs.caFile,
  NODE_EXTRA_CA_CERTS: certs.caFile,
  SSL_CERT_FILE: certs.caFile,
  REQUESTS_CA_BUNDLE: certs.caFile,
  CURL_HOME: join(session, "curl"),
  PYTHONPATH: pythonPath(vendor!),
  HF_HOME: join(session, "hf-home"),
  HF_HUB_DISABLE_XET: "1",
  HF_HUB_DISABLE_TELEMETRY: "1",
  HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
});

const { cases: allCases, notRun } = buildCases(models);
const cases = allCases.filter((c) => `${c.model.id} ${c.client} ${c.task}`.includes(only));
type RunJob = Job & { case: Case };
const jobs: RunJob[] = cases.map((c, i) => {
  const id = i + 1;
  const cwd = join(session, `r${id}`);
  mkdirSync(cwd);
  for (const [name, content] of Object.entries(INPUT_FILES))
    if (c.content.includes(name)) writeFileSync(join(cwd, name), content);
  const file = join(cwd, `snippet.${c.language === "python" ? "py" : c.language === "js" ? "mjs" : "sh"}`);
  writeFileSync(file, c.content);
  standIn.register({ id, model: c.model, task: c.task, options: c.options, language: c.language, client: c.client });
  return { id, file, cwd, env: tokenEnv(id), case: c };
});

const runners = (count: number, make: () => Runner) => Array.from({ length: count }, make);
const pools: Array<[RunJob[], Runner[]]> = [
  [jobs.filter((j) => j.case.language === "sh"), runners(3, () => processRunner("sh", env))],
  [
    jobs.filter((j) => j.case.language === "python"),
    runners(2, () => workerRunner(PYTHON, ["-u", join(RUNTIME_DIR, "worker.py")], env)),
  ],
  [
    jobs.filter((j) => j.case.language === "js"),
    runners(2, () =>
      workerRunner(
        process.execPath,
        ["--import", join(RUNTIME_DIR, "preload.mjs"), join(RUNTIME_DIR, "worker.mjs")],
        env,
      ),
    ),
  ],
];

const counts = emptyCounts();
const failures: string[] = [];
const slowest: Array<[number, RunJob]> = [];
await Promise.all(
  pools.map(([list, pool]) =>
    runAll(list, pool, (job, result, ms) => {
      slowest.push([ms, job]);
      const count = counts[job.case.client];
      count.run++;
      const found = runFailures(job.id, job.case.task, result, standIn.requestsOf(job.id), job.cwd);
      if (found.length === 0) {
        count.passed++;
        rmSync(job.cwd, { recursive: true, force: true });
        return;
      }
      count.failed++;
      failures.push(
        `✗ r${job.id} ${job.case.model.id} [${job.case.task}] ${job.case.language}/${job.case.client} ${JSON.stringify(job.case.options)}\n    ${found.slice(0, 4).join("\n    ")}`,
      );
    }).finally(() => {
      for (const runner of pool) runner.close();
    }),
  ),
);
await standIn.close();

for (const failure of failures) console.log(failure);
if (process.env.SNIPPET_RUNS_SLOWEST) {
  for (const [ms, job] of slowest.sort((a, b) => b[0] - a[0]).slice(0, Number(process.env.SNIPPET_RUNS_SLOWEST))) {
    console.log(
      `${ms} ms r${job.id} ${job.case.model.id} ${job.case.task} ${job.case.client} ${JSON.stringify(job.case.options)}`,
    );
  }
}
// Requests without a run's credential are fine where none is needed (the hub's model info); others are faults.
const orphans = standIn.unattributed().filter((request) => request.violations.length > 0);
for (const request of orphans)
  console.log(`✗ unattributed ${request.method} ${request.url}: ${request.violations.join("; ")}`);
console.log(
  `\nsnippet-runs: ${cases.length} snippets run (${notRun} more are parse-checked only: python openai, fal_client) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
console.log(formatReport(counts));
if (failures.length === 0 && orphans.length === 0) rmSync(session, { recursive: true, force: true });
process.exit(failures.length > 0 || orphans.length > 0 ? 1 : 0);
