// Child processes for the benchmarks: the hub and a bare node:http server, on free loopback ports.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
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
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Starts the built hub (`modelhub serve`) on a fresh SQLite database (or `DATABASE_URL` when asked) with the demo catalog. */
export async function startHub(options: { db?: string; usePostgres?: boolean } = {}): Promise<Child> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "modelhub-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MODELHUB_DATA_DIR: dir,
    MODELHUB_LOG_LEVEL: "warn",
    MODELHUB_REQUEST_LOGS: "off",
    NODE_ENV: "production",
  };
  if (!options.usePostgres) delete env.DATABASE_URL;
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
  return hub;
}

/** Starts a bare node:http server answering every request with `body` as JSON. */
export async function startBare(body: string): Promise<Child> {
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BARE_BODY);
    http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const bare = child(process.execPath, ["-e", script], { ...process.env, BARE_BODY: body }, `http://127.0.0.1:${port}`);
  await waitFor(bare.url);
  return bare;
}
