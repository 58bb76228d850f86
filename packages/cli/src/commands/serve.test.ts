import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const CLI_ROOT = fileURLToPath(new URL("../..", import.meta.url));
// The CLI from its sources, as `modelhub` runs after a build.
const ENTRY = 'import("./src/main.ts").then(async (m) => { process.exitCode = await m.main(process.argv.slice(1)); })';

const dirs: string[] = [];
const children: ChildProcess[] = [];
// A demo data directory holds hundreds of git repositories: removing it takes seconds on a loaded machine.
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function serve(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "-e", ENTRY, "serve", ...args], {
    cwd: CLI_ROOT,
    env: { ...process.env, DATABASE_URL: "", MODELHUB_LOG_LEVEL: "warn", ...env },
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes("listening on")) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`serve exited early: ${err}`));
    });
  });
  // Only awaited by tests that expect the server to start.
  listening.catch(() => {});
  return { child, exited, listening, output: () => ({ out, err }) };
}

describe("modelhub serve", () => {
  it("serves the demo catalog, prints the generated token once, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "modelhub-serve-"));
    dirs.push(dataDir);
    const port = await freePort();
    const hub = serve(["--port", String(port)], { MODELHUB_DATA_DIR: dataDir, MODELHUB_WEB_ROOT: dataDir });
    await hub.listening;
    const response = await fetch(`http://127.0.0.1:${port}/api/models?library=transformers&limit=1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(1);
    hub.child.kill("SIGTERM");
    expect(await hub.exited).toBe(0);
    const { out } = hub.output();
    expect(out).toContain(`listening on http://127.0.0.1:${port} (SQLite ${join(dataDir, "modelhub.db")})`);
    expect(out).toMatch(/loaded \d{3} demo models/);
    expect(out).toContain(`kept in ${join(dataDir, "admin-token")}`);
    expect(out).toContain("serving the API only");
  }, 240_000);

  it("refuses a bad port with exit 2", async () => {
    const hub = serve(["--port", "eighty"], {});
    expect(await hub.exited).toBe(2);
    expect(hub.output().err).toContain("--port must be a port number");
  }, 60_000);

  it("refuses --workers on SQLite with exit 2, saying it needs PostgreSQL, and a bad worker count", async () => {
    const sqlite = serve(["--workers", "2"], {});
    expect(await sqlite.exited).toBe(2);
    expect(sqlite.output().err).toContain("--workers needs PostgreSQL (DATABASE_URL)");
    const zero = serve(["--workers", "0"], {});
    expect(await zero.exited).toBe(2);
    expect(zero.output().err).toContain("--workers must be a whole number from 1 to 64");
  }, 60_000);
});
