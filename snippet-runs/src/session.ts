// One harness session: the test CA, the stand-in, the runtime configuration that points curl, Python and Node at
// it, and the runners that execute the snippets.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Case } from "./cases.js";
import { INPUT_FILES } from "./media.js";
import { type Job, type JobResult, processRunner, type Runner, runAll, workerRunner } from "./pool.js";
import { PYTHON, pythonPath, RUNTIME_DIR } from "./runtimes.js";
import { STAND_IN_HOSTS } from "./stand-in/apis.js";
import { type StandIn, startStandIn } from "./stand-in/server.js";
import { makeCertificates } from "./tls.js";
import { tokenEnv } from "./tokens.js";

/** A planned run: the job the runner gets and the case it came from. */
export type RunJob = Job & { case: Case };

/** A started session. */
export interface Session {
  /** The stand-in. */
  standIn: StandIn;
  /** Writes a case's snippet and input files into its own folder and tells the stand-in about the run. */
  plan(id: number, c: Case): RunJob;
  /** Runs jobs on their language's runners; `each` gets every result with its duration in ms. */
  execute(jobs: readonly RunJob[], each: (job: RunJob, result: JobResult, ms: number) => void): Promise<void>;
  /** Stops the runners and the stand-in. */
  close(): Promise<void>;
}

const EXTENSIONS = { python: "py", js: "mjs", sh: "sh" } as const;

/** Starts a session in `dir` (created), with the catalog's models known to the stand-in's hub. */
export async function startSession(
  dir: string,
  vendor: string,
  models: ReadonlyMap<string, Case["model"]>,
): Promise<Session> {
  mkdirSync(join(dir, "curl"), { recursive: true });
  const certs = makeCertificates(dir, STAND_IN_HOSTS);
  const standIn = await startStandIn(certs, models);
  // curl: each stand-in host connects to the stand-in; any other host goes to a proxy that is not there, and fails.
  writeFileSync(
    join(dir, "curl/.curlrc"),
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
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    SNIPPET_RUNS_PORT: String(standIn.port),
    SNIPPET_RUNS_HOSTS: STAND_IN_HOSTS.join(","),
    SNIPPET_RUNS_CA: certs.caFile,
    NODE_EXTRA_CA_CERTS: certs.caFile,
    SSL_CERT_FILE: certs.caFile,
    REQUESTS_CA_BUNDLE: certs.caFile,
    CURL_HOME: join(dir, "curl"),
    PYTHONPATH: pythonPath(vendor),
    HF_HOME: join(dir, "hf-home"),
    HF_HUB_DISABLE_XET: "1",
    HF_HUB_DISABLE_TELEMETRY: "1",
    HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
  });
  const many = (count: number, make: () => Runner) => Array.from({ length: count }, make);
  const runners: Record<Case["language"], Runner[]> = {
    sh: many(3, () => processRunner("sh", env)),
    python: many(2, () => workerRunner(PYTHON, ["-u", join(RUNTIME_DIR, "worker.py")], env)),
    js: many(2, () =>
      workerRunner(
        process.execPath,
        ["--import", join(RUNTIME_DIR, "preload.mjs"), join(RUNTIME_DIR, "worker.mjs")],
        env,
      ),
    ),
  };
  return {
    standIn,
    plan(id, c) {
      const cwd = join(dir, `r${id}`);
      mkdirSync(cwd);
      for (const [name, content] of Object.entries(INPUT_FILES)) {
        if (c.content.includes(name)) writeFileSync(join(cwd, name), content);
      }
      const file = join(cwd, `snippet.${EXTENSIONS[c.language]}`);
      writeFileSync(file, c.content);
      standIn.register({
        id,
        model: c.model,
        task: c.task,
        options: c.options,
        language: c.language,
        client: c.client,
      });
      return { id, file, cwd, env: tokenEnv(id), case: c };
    },
    async execute(jobs, each) {
      await Promise.all(
        (Object.keys(runners) as Case["language"][]).map((language) =>
          runAll(
            jobs.filter((job) => job.case.language === language),
            runners[language],
            each,
          ),
        ),
      );
    },
    async close() {
      for (const list of Object.values(runners)) for (const runner of list) runner.close();
      await standIn.close();
    },
  };
}
