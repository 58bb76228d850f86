// The runtimes the snippets run on, where they are, and the environment that points each one at the stand-in.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Root of the repository. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The harness's runtime files (sitecustomize.py, workers, the Node preload). */
export const RUNTIME_DIR = resolve(REPO_ROOT, "snippet-runs/runtime");
/** Debian's interpreter, which the vendored client's Debian packages install into. */
export const PYTHON = "/usr/bin/python3";

/** A runtime the runs need, and why it is missing when it is. */
export interface RuntimeCheck {
  /** Name as the report shows it. */
  name: string;
  /** Null when present, else what is missing. */
  missing: string | null;
}

/**
 * `../shared/vendor` beside the repository (a git worktree also looks beside the main checkout it belongs to);
 * null when absent.
 */
export function vendorDir(): string | null {
  const candidates = [resolve(REPO_ROOT, "../shared/vendor")];
  try {
    const common = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd: REPO_ROOT });
    candidates.push(resolve(dirname(common.toString().trim()), "../shared/vendor"));
  } catch {
    // Not a git checkout: only the first place applies.
  }
  return candidates.find((dir) => existsSync(join(dir, "huggingface_hub-1.28.0/src"))) ?? null;
}

/** PYTHONPATH for the vendored huggingface_hub and its filelock, after the stand-in's sitecustomize. */
export function pythonPath(vendor: string): string {
  return [RUNTIME_DIR, join(vendor, "filelock/src"), join(vendor, "huggingface_hub-1.28.0/src")].join(":");
}

/** Which runtimes are there: curl, Debian's python3 with requests and the vendored client, openssl. */
export function checkRuntimes(vendor: string | null): RuntimeCheck[] {
  const works = (command: string, args: string[], env?: NodeJS.ProcessEnv) => {
    try {
      execFileSync(command, args, { stdio: "ignore", env: { ...process.env, ...env } });
      return true;
    } catch {
      return false;
    }
  };
  const python = vendor
    ? works(PYTHON, ["-c", "import requests, httpx, PIL, numpy, huggingface_hub"], { PYTHONPATH: pythonPath(vendor) })
    : false;
  return [
    {
      name: "openssl",
      missing: works("openssl", ["version"]) ? null : "the openssl command (apt-get install openssl)",
    },
    { name: "curl", missing: works("curl", ["--version"]) ? null : "curl (apt-get install curl)" },
    {
      name: "python",
      missing: python
        ? null
        : vendor
          ? `${PYTHON} with requests, httpx, PIL and numpy (apt-get install python3-requests python3-httpx python3-pil python3-numpy …)`
          : "../shared/vendor (the vendored huggingface_hub)",
    },
  ];
}
