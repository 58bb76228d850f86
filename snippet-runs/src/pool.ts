// Runs snippet jobs: long-lived interpreter workers fed one job per line (python, node), or one process per
// job (sh). Each runner takes one job at a time; several runners run side by side.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** One snippet to run. */
export interface Job {
  /** Run number. */
  id: number;
  /** The snippet file. */
  file: string;
  /** Its working folder (input files in it; outputs land in it). */
  cwd: string;
  /** Variables added to the runner's environment for this job. */
  env: Record<string, string>;
}

/** What running it gave. */
export interface JobResult {
  /** Everything it printed (stdout and stderr). */
  output: string;
  /** Why it failed (exception, exit status, time-out), or null. */
  error: string | null;
}

/** Runs jobs one at a time. */
export interface Runner {
  run(job: Job): Promise<JobResult>;
  close(): void;
}

const JOB_TIMEOUT_MS = 20_000;

/** A worker process that reads `{id,file,cwd,env}` lines and answers `{id,output,error}` lines; restarted after a time-out. */
export function workerRunner(command: string, args: string[], env: NodeJS.ProcessEnv): Runner {
  let child: ChildProcess | null = null;
  let pending: ((result: JobResult) => void) | null = null;
  const start = () => {
    const proc = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    proc.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    createInterface({ input: proc.stdout! }).on("line", (line) => {
      let result: JobResult;
      try {
        const parsed = JSON.parse(line) as JobResult;
        result = { output: parsed.output, error: parsed.error };
      } catch {
        return; // A stray line a snippet wrote around the capture; the job's own answer follows.
      }
      const resolve = pending;
      pending = null;
      resolve?.(result);
    });
    proc.on("exit", (code) => {
      if (child === proc) child = null;
      const resolve = pending;
      pending = null;
      resolve?.({ output: stderr, error: `worker exited (${code}) during the job` });
    });
    return proc;
  };
  return {
    run(job) {
      if (child === null) child = start();
      const proc = child;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending = null;
          proc.kill("SIGKILL");
          resolve({ output: "", error: `timed out after ${JOB_TIMEOUT_MS / 1000} s` });
        }, JOB_TIMEOUT_MS);
        pending = (result) => {
          clearTimeout(timer);
          resolve(result);
        };
        proc.stdin!.write(`${JSON.stringify(job)}\n`);
      });
    },
    close() {
      child?.stdin?.end();
    },
  };
}

/** One `command file` process per job (shell snippets). */
export function processRunner(command: string, env: NodeJS.ProcessEnv): Runner {
  return {
    run(job) {
      return new Promise((resolve) => {
        const proc = spawn(command, [job.file], {
          cwd: job.cwd,
          env: { ...env, ...job.env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        const out: Buffer[] = [];
        proc.stdout.on("data", (chunk: Buffer) => out.push(chunk));
        proc.stderr.on("data", (chunk: Buffer) => out.push(chunk));
        const timer = setTimeout(() => proc.kill("SIGKILL"), JOB_TIMEOUT_MS);
        proc.on("close", (code) => {
          clearTimeout(timer);
          resolve({ output: Buffer.concat(out).toString("utf8"), error: code === 0 ? null : `exit status ${code}` });
        });
      });
    },
    close() {},
  };
}

/** Runs `jobs` over `runners` (each takes the next job when it is free); results in job order. */
export async function runAll<T extends Job>(
  jobs: readonly T[],
  runners: readonly Runner[],
  each: (job: T, result: JobResult, ms: number) => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    runners.map(async (runner) => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const start = performance.now();
        const result = await runner.run(job);
        each(job, result, Math.round(performance.now() - start));
      }
    }),
  );
}
