// Child processes for the benchmarks: the hub and a bare node:http server, on free loopback ports.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Polls `url` until it answers 200, or fails after `ms`. */
export async function waitFor(url: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer: ${last}`);
}

/** A running child process with its base URL. */
export interface Child {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The process. */
  process: ChildProcess;
  /** Stops it and waits for the exit. */
  stop(): Promise<void>;
}

function child(command: string, args: string[], env: NodeJS.ProcessEnv, url: string): Child {
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  return {
    url,
    process: proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** How to start the hub. */
export interface HubOptions {
  /** SQLite file (default: a fresh one in a temporary directory). */
  db?: string;
  /** Use `DATABASE_URL` (PostgreSQL) instead of SQLite. */
  usePostgres?: boolean;
  /** Extra environment, e.g. a `DATABASE_URL` pointing at a dedicated schema, or `MODELHUB_DEMO_CATALOG=off`. */
  env?: NodeJS.ProcessEnv;
}

/** The environment of a hub or CLI child: logs quiet, production mode, SQLite unless PostgreSQL is asked for. */
export function hubEnv(dataDir: string, options: Pick<HubOptions, "usePostgres" | "env"> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MODELHUB_DATA_DIR: dataDir,
    MODELHUB_LOG_LEVEL: "warn",
    MODELHUB_REQUEST_LOGS: "off",
    NODE_ENV: "production",
    ...options.env,
  };
  if (!options.usePostgres) delete env.DATABASE_URL;
  return env;
}

/** Starts the built hub (`modelhub serve`) on a fresh SQLite database (or `DATABASE_URL` when asked) with the demo catalog. */
export async function startHub(options: HubOptions = {}): Promise<Child> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "modelhub-bench-"));
  const env = hubEnv(dir, options);
  const args = [
    "packages/cli/bin/modelhub.js",
    "serve",
    "--port",
    String(port),
    "--db",
    options.db ?? join(dir, "hub.db"),
  ];
  const hub = child(process.execPath, args, env, `http://127.0.0.1:${port}`);
  await waitFor(`${hub.url}/api/models?limit=1`, 600_000);
  // Its data directory goes with it: every bench and CI run starts hubs, and each left one behind in the temp dir.
  return {
    ...hub,
    async stop() {
      await hub.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a finished CLI run left. */
export interface CliRun {
  /** Exit code. */
  code: number | null;
  /** Everything it printed, stdout then stderr. */
  output: string;
  /** Wall-clock time, in ms. */
  ms: number;
}

/** Runs the built `modelhub` CLI with `args` in `env` and waits for it; output is kept for error messages. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const proc = spawn(process.execPath, ["packages/cli/bin/modelhub.js", ...args], { cwd: ROOT, env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    proc.stdout.on("data", (b: Buffer) => out.push(b));
    proc.stderr.on("data", (b: Buffer) => err.push(b));
    proc.once("error", reject);
    proc.once("close", (code) =>
      resolve({ code, output: Buffer.concat([...out, ...err]).toString("utf8"), ms: performance.now() - start }),
    );
  });
}

/** Resident memory of process `pid` in MiB, from `/proc/<pid>/status` (Linux). */
export function rssMiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Starts `command` from the repository root as a `Child` (stderr shows through). */
export const spawnChild = child;
