// The vendored Python client for bench/repos: `../shared/vendor` beside the repository root (MODELHUB_SHARED_VENDOR
// overrides it). Absent, the snapshot row is skipped with a message, except under CI=1, where that is an error.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./processes.js";

const VENDOR = process.env.MODELHUB_SHARED_VENDOR ?? `${ROOT}../shared/vendor`;
const PYTHON = "/usr/bin/python3";
const SCRIPT = fileURLToPath(new URL("./repos-snapshot.py", import.meta.url));

/** Why the vendored client cannot run here, or null when it can; throws under CI=1. */
export function pythonClientMissing(): string | null {
  let missing: string | null = null;
  if (!existsSync(`${VENDOR}/huggingface_hub-1.28.0/src/huggingface_hub`)) missing = `no vendored client at ${VENDOR}`;
  else if (spawnSync(PYTHON, ["-c", "import httpx, yaml"]).status !== 0) missing = `no ${PYTHON} with httpx and yaml`;
  if (missing && (process.env.CI === "1" || process.env.CI === "true")) {
    throw new Error(`the vendored Python client is required under CI: ${missing}`);
  }
  return missing;
}

/** Seconds of each round of `snapshot_download` and of plain concurrent GETs, and the bytes each wrote. */
export interface SnapshotTimes {
  plain: number[];
  snapshot: number[];
  bytes: { plain: number; snapshot: number };
}

/** Runs bench/repos-snapshot.py against the hub at `endpoint`. */
export function timeSnapshots(endpoint: string, id: string, paths: string[], rounds: number): Promise<SnapshotTimes> {
  // A home of its own, so no token or cache of the machine's user takes part.
  const home = mkdtempSync(join(tmpdir(), "modelhub-bench-hf-home-"));
  const env = {
    ...process.env,
    HF_HOME: home,
    PYTHONPATH: `${VENDOR}/filelock/src:${VENDOR}/huggingface_hub-1.28.0/src`,
    HF_ENDPOINT: endpoint,
    HF_HUB_DISABLE_XET: "1",
    HF_HUB_DISABLE_TELEMETRY: "1",
    HF_HUB_DISABLE_PROGRESS_BARS: "1",
    HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
  };
  return new Promise((resolve, reject) => {
    const proc = spawn(PYTHON, [SCRIPT, endpoint, id, String(rounds), ...paths], { env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    proc.stdout.on("data", (b: Buffer) => out.push(b));
    proc.stderr.on("data", (b: Buffer) => err.push(b));
    proc.once("error", reject);
    proc.once("close", (code) => {
      rmSync(home, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`repos-snapshot.py exited ${code}: ${Buffer.concat(err)}`));
      resolve(JSON.parse(Buffer.concat(out).toString("utf8")) as SnapshotTimes);
    });
  });
}
