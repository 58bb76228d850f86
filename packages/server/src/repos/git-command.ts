// Runs Debian's `git` on one bare repository: no user or system configuration, no prompts, C locale, so the
// hub behaves the same on every machine.
import { spawn } from "node:child_process";

/** The environment every git process runs with (author and index variables are added per call). */
export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LC_ALL: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/false",
    HOME: "/nonexistent",
    ...extra,
  };
}

/** A git command that exited with a non-zero status. */
export class GitCommandError extends Error {
  /** The exit status (null when killed by a signal). */
  readonly exitCode: number | null;
  /** What git wrote on stderr. */
  readonly stderr: string;

  constructor(args: readonly string[], exitCode: number | null, stderr: string) {
    super(`git ${args.join(" ")} failed (${exitCode}): ${stderr.trim().slice(0, 500)}`);
    this.name = "GitCommandError";
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** Options of one git run. */
export interface GitRunOptions {
  /** Bytes written to stdin (then closed). */
  input?: string | Uint8Array;
  /** More environment variables. */
  env?: Record<string, string>;
}

/** Runs `git --git-dir=<gitDir> <args>`; resolves with stdout, rejects with a GitCommandError. */
export function runGit(gitDir: string | null, args: readonly string[], options: GitRunOptions = {}): Promise<Buffer> {
  const fullArgs = gitDir === null ? [...args] : [`--git-dir=${gitDir}`, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn("git", fullArgs, { env: gitEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitCommandError(args, code, Buffer.concat(err).toString("utf8")));
    });
    // A git that exits early closes stdin; the EPIPE is not the error to report, the exit status is.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
  });
}
