// `npm run snippets:run`: runs every inference snippet of the demo catalog with its real client against the local
// stand-in, compares each raw HTTP snippet's request with the SDK's, checks that planted faults are caught, prints
// client × (run, passed, failed) and `P passed, F failed`; exits 1 on any failure.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildCases, loadCatalog } from "./cases.js";
import { NEGATIVES } from "./negatives.js";
import type { JobResult } from "./pool.js";
import { callOf, compareCalls, referenceClient } from "./reference.js";
import { emptyCounts, formatReport } from "./report.js";
import { checkRuntimes, PYTHON, REPO_ROOT, RUNTIME_DIR, vendorDir } from "./runtimes.js";
import { type RunJob, startSession } from "./session.js";
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
const dir = join(REPO_ROOT, "snippet-runs/.runs", `${process.pid}`);
rmSync(dir, { recursive: true, force: true });
const models = loadCatalog();
const session = await startSession(dir, vendor!, new Map(models.map((model) => [model.id, model])));
const { cases: allCases, notRun } = buildCases(models);
const cases = allCases.filter((c) => `${c.model.id} ${c.client} ${c.task} ${JSON.stringify(c.options)}`.includes(only));
const jobs = cases.map((c, i) => session.plan(i + 1, c));
const results = new Map<number, { result: JobResult; ms: number }>();
await session.execute(jobs, (job, result, ms) => results.set(job.id, { result, ms }));

// Planted faults run after the real snippets, on the same runners.
const negatives = NEGATIVES.map((negative, i) => {
  const target = allCases.find((c) => negative.pick(c) && negative.mutate(c.content) !== c.content);
  return {
    negative,
    job: target ? session.plan(jobs.length + 1 + i, { ...target, content: negative.mutate(target.content) }) : null,
  };
});
await session.execute(
  negatives.flatMap(({ job }) => (job ? [job] : [])),
  (job, result, ms) => results.set(job.id, { result, ms }),
);
const ranSeconds = ((Date.now() - started) / 1000).toFixed(1);
await session.close();

const failuresOf = (job: RunJob): string[] => {
  const { result } = results.get(job.id)!;
  return runFailures(job.id, job.case.task, result, session.standIn.requestsOf(job.id), job.cwd);
};
// The SDK run of each group (same model and options) is the reference for its raw HTTP runs.
const referenceOf = new Map<number, RunJob>();
for (const job of jobs) {
  if (job.case.client === referenceClient(job.case.task) && !referenceOf.has(job.case.group))
    referenceOf.set(job.case.group, job);
}
const counts = emptyCounts();
const report: string[] = [];
for (const job of jobs) {
  const found = failuresOf(job);
  const reference = referenceOf.get(job.case.group);
  if (found.length === 0 && reference && ["curl", "requests", "fetch"].includes(job.case.client)) {
    const raw = callOf(session.standIn.requestsOf(job.id));
    const sdk = callOf(session.standIn.requestsOf(reference.id));
    if (raw && sdk)
      found.push(
        ...compareCalls(raw, sdk, job.case.task).map(
          (text) => `differs from ${reference.case.client} (r${reference.id}): ${text}`,
        ),
      );
  }
  const count = counts[job.case.client];
  count.run++;
  if (found.length === 0) {
    count.passed++;
    rmSync(job.cwd, { recursive: true, force: true });
    continue;
  }
  count.failed++;
  const c = job.case;
  report.push(
    `✗ r${job.id} ${c.model.id} [${c.task}] ${c.language}/${c.client} ${JSON.stringify(c.options)}\n    ${found.slice(0, 4).join("\n    ")}`,
  );
}
let negativeFailures = 0;
for (const { negative, job } of negatives) {
  const caught = job ? failuresOf(job) : [];
  if (caught.length === 0) negativeFailures++;
  report.push(
    job === null
      ? `✗ planted fault "${negative.name}": no snippet to plant it in`
      : `${caught.length > 0 ? "✓" : "✗"} planted fault "${negative.name}" (r${job.id}, ${job.case.client}): ${caught.length > 0 ? `caught: ${caught[0]}` : "NOT caught"}`,
  );
}
// Python openai and fal_client cannot be installed here: their calls are checked against the documented signatures.
const shapes = JSON.parse(
  execFileSync(PYTHON, [join(RUNTIME_DIR, "signatures.py")], {
    input: JSON.stringify(notRun.map((item, id) => ({ id, client: item.client, content: item.content }))),
    maxBuffer: 64 * 1024 * 1024,
  }).toString(),
) as Array<{ id: number; problems: string[] }>;
const badShapes = shapes.filter((shape) => shape.problems.length > 0);
for (const shape of badShapes) report.push(`✗ ${notRun[shape.id]!.label}: ${shape.problems.join("; ")}`);
const orphans = session.standIn.unattributed().filter((request) => request.violations.length > 0);
for (const request of orphans)
  report.push(`✗ unattributed ${request.method} ${request.url}: ${request.violations.join("; ")}`);
if (process.env.SNIPPET_RUNS_SLOWEST) {
  const slowest = jobs.map((job) => [results.get(job.id)!.ms, job] as const).sort((a, b) => b[0] - a[0]);
  for (const [ms, job] of slowest.slice(0, Number(process.env.SNIPPET_RUNS_SLOWEST))) {
    report.push(
      `${ms} ms r${job.id} ${job.case.model.id} ${job.case.task} ${job.case.client} ${JSON.stringify(job.case.options)}`,
    );
  }
}

console.log(report.join("\n"));
console.log(
  `\nsnippet-runs: ${jobs.length} snippets of ${models.length} catalog models run in ${ranSeconds} s; ` +
    `${NEGATIVES.length - negativeFailures} of ${NEGATIVES.length} planted faults caught; ` +
    `${notRun.length} python openai and fal_client snippets (not installable here) parsed and their calls checked ` +
    `against the documented signatures: ${badShapes.length} wrong\n`,
);
console.log(formatReport(counts));
const failed =
  Object.values(counts).some((count) => count.failed > 0) ||
  orphans.length > 0 ||
  negativeFailures > 0 ||
  badShapes.length > 0;
if (!failed) rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
