// `modelhub serve --workers 2` as users run it (the built bin) on PostgreSQL: two worker processes answer on one
// port, a killed worker is replaced, and SIGTERM closes every process with exit 0.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../bin/modelhub.js", import.meta.url));
const BUILT = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const url = process.env.DATABASE_URL;
const SKIP_NOTE = "serve --workers tests skipped: set DATABASE_URL=postgres://… (they need PostgreSQL)";
if (!url) {
  if (process.env.CI) throw new Error(`${SKIP_NOTE}; CI must run them`);
  console.warn(SKIP_NOTE);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** One request on a fresh connection (round-robin hands each connection to the next worker); the worker's id. */
function workerOf(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/api/models?limit=1", agent: false }, (response) => {
      response.resume();
      if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
      else resolve(String(response.headers["x-modelhub-worker"]));
    }).on("error", reject);
  });
}

/** True while a process with this id exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(done: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!url)("modelhub serve --workers on PostgreSQL", () => {
  const schema = `modelhub_test_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-workers-"));
  let admin: pg.Client;
  let primary: ChildProcess | undefined;
  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error("the CLI is not built: run npm run build first");
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    if (primary?.exitCode === null) primary.kill("SIGKILL");
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from two worker processes, replaces a killed one, and closes them all on SIGTERM", async () => {
    const port = await freePort();
    // The hub works in the test's schema (and finds pg_trgm in public).
    const hubUrl = `${url}${url?.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
    const child = spawn(process.execPath, [BIN, "serve", "--workers", "2", "--port", String(port)], {
      env: {
        ...process.env,
        DATABASE_URL: hubUrl,
        MODELHUB_DATA_DIR: dataDir,
        MODELHUB_DEMO_CATALOG: "off",
        MODELHUB_LOG_LEVEL: "warn",
        MODELHUB_WEB_ROOT: dataDir,
      },
    });
    primary = child;
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      out += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const listening = () => [...out.matchAll(/worker (\d+) \(pid (\d+)\) listening/g)];
    const workerPids = () => listening().map((m) => Number(m[2]));
    await until(() => workerPids().length === 2, `two workers listening (output: ${out})`);

    const answered = new Set<string>();
    for (let i = 0; i < 8; i++) answered.add(await workerOf(port));
    expect([...answered].sort()).toEqual(["1", "2"]);

    // A worker that dies is replaced, and the hub keeps answering meanwhile.
    const [firstId, first] = [listening()[0]?.[1], workerPids()[0] as number];
    process.kill(first, "SIGKILL");
    await until(() => workerPids().length === 3, "a replacement worker");
    expect(out).toContain(`(pid ${first}) exited (signal SIGKILL): starting another`);
    expect(await workerOf(port)).not.toBe(firstId);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const pids = [child.pid as number, ...workerPids()];
    await until(() => pids.every((pid) => !alive(pid)), "every process gone", 5_000);
    expect(pids.filter(alive)).toEqual([]);
  }, 180_000);
});
