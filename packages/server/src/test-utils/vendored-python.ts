// The vendored Python client (`../shared/vendor` beside the repository root; MODELHUB_SHARED_VENDOR overrides it for
// a checkout elsewhere). Tests that need it skip with a message when it or python3 is missing, and fail under CI=1.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** Where the vendored packages are. */
export const VENDOR_DIR = process.env.MODELHUB_SHARED_VENDOR ?? `${REPO_ROOT}../shared/vendor`;

/** Debian's python, where the client's Debian packages (httpx, requests, yaml…) are installed. */
export const PYTHON = "/usr/bin/python3";

/** PYTHONPATH that finds the vendored huggingface_hub and filelock. */
export const VENDOR_PYTHONPATH = `${VENDOR_DIR}/filelock/src:${VENDOR_DIR}/huggingface_hub-1.28.0/src`;

/** Why the vendored client cannot run here, or null when it can. */
export function pythonClientMissing(): string | null {
  if (!existsSync(`${VENDOR_DIR}/huggingface_hub-1.28.0/src/huggingface_hub`))
    return `no vendored client at ${VENDOR_DIR}`;
  if (spawnSync(PYTHON, ["-c", "import httpx, yaml"]).status !== 0) return `no ${PYTHON} with httpx and yaml`;
  return null;
}

/** Throws under CI=1 when the client is missing (CI must run these tests); otherwise says why they skip. */
export function skipUnlessPythonClient(): boolean {
  const missing = pythonClientMissing();
  if (missing === null) return false;
  if (process.env.CI === "1") throw new Error(`the vendored Python client is required under CI=1: ${missing}`);
  console.warn(`skipping the Python client tests: ${missing}`);
  return true;
}
