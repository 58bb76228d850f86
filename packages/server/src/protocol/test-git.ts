// Helpers for protocol tests: Debian's git and git-lfs run in a temporary HOME, never the user's configuration.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A scratch folder with its own HOME for git; `close` removes it. */
export interface GitSandbox {
  /** The folder (HOME is `home/` inside it). */
  root: string;
  /** Runs `git args…` in `cwd` (default: the root); rejects with git's stderr on failure. */
  git(args: string[], cwd?: string, env?: Record<string, string>): Promise<{ stdout: string; stderr: string }>;
  /** Removes the folder. */
  close(): void;
}

/** True when `git lfs` runs here. */
export async function hasGitLfs(): Promise<boolean> {
  try {
    await run("git", ["lfs", "version"]);
    return true;
  } catch {
    return false;
  }
}

/** A sandbox whose git has an identity, no prompts, and (when `lfs`) git-lfs's filters installed. */
export async function gitSandbox(options: { lfs?: boolean } = {}): Promise<GitSandbox> {
  const root = mkdtempSync(join(tmpdir(), "modelhub-git-"));
  const home = join(root, "home");
  const baseEnv = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_AUTHOR_NAME: "Test",
    GIT_AUTHOR_EMAIL: "test@example.com",
    GIT_COMMITTER_NAME: "Test",
    GIT_COMMITTER_EMAIL: "test@example.com",
  };
  const git: GitSandbox["git"] = async (args, cwd = root, env = {}) => {
    try {
      return await run("git", args, { cwd, env: { ...baseEnv, ...env }, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const failure = error as { stderr?: string; message: string };
      throw new Error(`git ${args.join(" ")} failed: ${failure.stderr ?? failure.message}`);
    }
  };
  await run("mkdir", ["-p", home]);
  await git(["config", "--global", "init.defaultBranch", "main"]);
  if (options.lfs) {
    await git(["lfs", "install", "--skip-repo"]);
    await git(["config", "--global", "lfs.setlockablereadonly", "false"]);
  }
  return { root, git, close: () => rmSync(root, { recursive: true, force: true }) };
}

/** A file of a fixture repository; `lfs` files are committed as LFS pointers (needs a sandbox with lfs). */
export interface FixtureFile {
  /** Path in the repository. */
  path: string;
  /** Bytes. */
  body: Buffer;
}

/**
 * Creates the bare repository `bare` with one commit per entry of `commits` (through a working clone whose
 * `.gitattributes` sends `*.bin` to LFS); returns the LFS objects' paths (`.git/lfs/objects/…`) by oid.
 */
export async function makeFixtureRepo(
  box: GitSandbox,
  bare: string,
  commits: readonly (readonly FixtureFile[])[],
): Promise<Map<string, string>> {
  const { mkdirSync, writeFileSync, readdirSync } = await import("node:fs");
  const { dirname } = await import("node:path");
  const work = `${bare}.work`;
  await box.git(["init", "--bare", bare]);
  await box.git(["init", work]);
  writeFileSync(join(work, ".gitattributes"), "*.bin filter=lfs diff=lfs merge=lfs -text\n");
  for (const [index, files] of commits.entries()) {
    for (const file of files) {
      mkdirSync(dirname(join(work, file.path)), { recursive: true });
      writeFileSync(join(work, file.path), file.body);
    }
    await box.git(["-C", work, "add", "-A"]);
    await box.git(["-C", work, "commit", "-m", `commit ${index + 1}`]);
  }
  // The LFS objects go to the hub's blob store apart; git-lfs's pre-push hook is not wanted for a local path.
  await box.git(["-C", work, "-c", "core.hooksPath=/dev/null", "push", bare, "main"]);
  const objects = new Map<string, string>();
  const root = join(work, ".git", "lfs", "objects");
  try {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) objects.set(entry.name, join(entry.parentPath, entry.name));
    }
  } catch {
    // No LFS objects.
  }
  return objects;
}
