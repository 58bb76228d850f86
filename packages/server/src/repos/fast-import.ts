// Writes one commit with `git fast-import` (one process: blobs, trees and the commit, in a pack). The branch moves
// only as a fast-forward of the head the commit is based on, so a concurrent writer's commit is never overwritten.
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import type { Writable } from "node:stream";
import { GitCommandError, gitEnv } from "./git-command.js";

/** One file of the new tree, as fast-import gets it. */
export type ImportFile =
  | { op: "put"; path: string; mode: string; source: { data: Uint8Array } | { file: string; size: number } }
  | { op: "keep" }
  | { op: "delete"; path: string };

/** A commit for fast-import. */
export interface ImportCommit {
  /** Full ref to move (`refs/heads/main`). */
  ref: string;
  /** Parent commit, or null for the first. */
  parent: string | null;
  /** Drop every file of the parent first. */
  deleteAll: boolean;
  /** Author and committer line (`Name <email> <seconds> +0000`). */
  ident: string;
  /** The message. */
  message: string;
  /** Changes against the parent. */
  files: readonly ImportFile[];
}

// fast-import quotes paths with a leading `"` or a line break in C style; a path never holds a line break here.
function quotePath(path: string): string {
  return /^["]|[\n\\]/.test(path) ? `"${path.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : path;
}

function write(stream: Writable, chunk: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.write(chunk)) resolve();
    else {
      stream.once("drain", resolve);
      stream.once("error", reject);
    }
  });
}

/** Runs fast-import on `gitDir`; resolves with the new commit id. */
export function fastImport(gitDir: string, commit: ImportCommit): Promise<string> {
  const args = ["fast-import", "--quiet", "--done", "--date-format=raw"];
  const child = spawn("git", [`--git-dir=${gitDir}`, ...args], { env: gitEnv(), stdio: ["pipe", "pipe", "pipe"] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  child.stdin.on("error", () => undefined);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  const feed = async () => {
    const stdin = child.stdin;
    const message = Buffer.from(commit.message);
    await write(stdin, `commit ${commit.ref}\nmark :1\nauthor ${commit.ident}\ncommitter ${commit.ident}\n`);
    await write(stdin, `data ${message.length}\n`);
    await write(stdin, message);
    await write(stdin, `\n${commit.parent ? `from ${commit.parent}\n` : ""}${commit.deleteAll ? "deleteall\n" : ""}`);
    for (const file of commit.files) {
      if (file.op === "keep") continue;
      if (file.op === "delete") {
        await write(stdin, `D ${quotePath(file.path)}\n`);
        continue;
      }
      const size = "data" in file.source ? file.source.data.length : file.source.size;
      await write(stdin, `M ${file.mode} inline ${quotePath(file.path)}\ndata ${size}\n`);
      if ("data" in file.source) await write(stdin, file.source.data);
      else for await (const chunk of createReadStream(file.source.file)) await write(stdin, chunk as Buffer);
      await write(stdin, "\n");
    }
    await write(stdin, "\nget-mark :1\ndone\n");
    stdin.end();
  };
  return Promise.all([feed().catch(() => undefined), exited]).then(([, code]) => {
    const id = Buffer.concat(out).toString("utf8").trim();
    if (code !== 0 || !/^[0-9a-f]{40}$/.test(id)) {
      throw new GitCommandError(args, code, Buffer.concat(err).toString("utf8"));
    }
    return id;
  });
}
