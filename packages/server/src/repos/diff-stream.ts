// `git diff` between two commits, streamed from its own process: a diff can be as large as the files it compares,
// so it is never held in memory. The process is killed when the reader stops early (a client hanging up).
import { spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { gitEnv } from "./git-command.js";

/** The diff from commit `from` to commit `to` (full ids) in git's own format, as `git diff` prints it. */
export function streamDiff(gitDir: string, from: string, to: string): PassThrough {
  // No colour, no external diff or text conversion a configuration could name; LFS files show their pointers.
  const args = [`--git-dir=${gitDir}`, "diff", "--no-color", "--no-ext-diff", "--no-textconv", from, to, "--"];
  const child = spawn("git", args, { env: gitEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const out = new PassThrough();
  const stderr: Buffer[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  child.on("error", (error) => out.destroy(error));
  child.on("close", (code) => {
    if (code !== 0 && code !== null) out.destroy(new Error(`git diff failed (${code}): ${Buffer.concat(stderr)}`));
  });
  out.on("close", () => child.kill());
  child.stdout.pipe(out);
  return out;
}
