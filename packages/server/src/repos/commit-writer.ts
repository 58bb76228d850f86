// One commit with git's plumbing: blobs written with `hash-object -w`, the whole tree described to
// `update-index --index-info` on a temporary index, `write-tree`, `commit-tree`, then `update-ref` with the old head
// so a concurrent writer (another process) can never be overwritten.
import { randomUUID } from "node:crypto";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { HubError } from "../errors.js";
import { parseRepoPath } from "../files/paths.js";
import { runGit } from "./git-command.js";
import { formatLfsPointer } from "./lfs-pointer.js";
import type { CommitPerson, CommitRequest, CommitResult, FileChange, RepoEntry, RepoSnapshot } from "./model-repos.js";
import { makeSnapshot } from "./snapshot.js";

const ZERO_ID = "0".repeat(40);

/** What one commit works from. */
export interface CommitJob {
  /** The repository. */
  gitDir: string;
  /** The branch to move. */
  branch: string;
  /** Its head now, or null when it does not exist yet. */
  head: string | null;
  /** The head's files. */
  base: RepoSnapshot | null;
  /** What to write. */
  request: CommitRequest;
  /** Where temporary files may go (same file system as the repositories). */
  tempRoot: string;
}

type Put = Extract<FileChange, { op: "put" }>;

// git refuses `<` and `>` in names and e-mails, and a line break would end the header.
function clean(text: string, fallback: string): string {
  const cleaned = text.replace(/[<>\n\r\0]/g, "").trim();
  return cleaned === "" ? fallback : cleaned;
}

function personEnv(prefix: "AUTHOR" | "COMMITTER", who: CommitPerson, date: Date): Record<string, string> {
  return {
    [`GIT_${prefix}_NAME`]: clean(who.name, "modelhub"),
    [`GIT_${prefix}_EMAIL`]: clean(who.email, "modelhub@localhost"),
    [`GIT_${prefix}_DATE`]: `@${Math.floor(date.getTime() / 1000)} +0000`,
  };
}

/** The files after applying `changes` to `start`: puts to write, and the entries kept from the base. */
function applyChanges(
  start: ReadonlyMap<string, RepoEntry>,
  changes: readonly FileChange[],
): Map<string, RepoEntry | Put> {
  const files = new Map<string, RepoEntry | Put>(start);
  for (const change of changes) {
    const path = parseRepoPath(change.path);
    if (change.op === "delete") {
      let found = files.delete(path);
      for (const key of [...files.keys()]) {
        if (key.startsWith(`${path}/`)) found = files.delete(key) || found;
      }
      if (!found) throw new HubError("not_found", `cannot delete "${path}": no such file or folder`, "EntryNotFound");
      continue;
    }
    files.set(path, { ...change, path });
  }
  // A path cannot be both a file and a folder.
  const folders = new Set<string>();
  for (const path of files.keys()) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  for (const folder of folders) {
    if (files.has(folder)) throw new HubError("bad_request", `"${folder}" cannot be both a file and a folder`);
  }
  return files;
}

/** Writes the commit of `job`; the branch moves only if it still points at `job.head`. */
export async function writeCommit(job: CommitJob): Promise<CommitResult> {
  const { gitDir, request } = job;
  const start = request.replaceAll || !job.base ? new Map<string, RepoEntry>() : job.base.byPath;
  const files = applyChanges(start, request.changes);
  const temp = join(job.tempRoot, randomUUID());
  await mkdir(temp, { recursive: true });
  try {
    // Every new blob in one `hash-object` run: sources are files (in-memory bytes and pointers are written out).
    const puts = [...files.values()].filter((f): f is Put => "op" in f);
    const sources: string[] = [];
    const sizes: { size: number; lfs: RepoEntry["lfs"] }[] = [];
    for (const [index, put] of puts.entries()) {
      if ("lfs" in put) {
        const pointer = formatLfsPointer(put.lfs);
        const path = join(temp, `${index}`);
        await writeFile(path, pointer);
        sources.push(path);
        sizes.push({ size: put.lfs.size, lfs: { ...put.lfs, pointerSize: Buffer.byteLength(pointer) } });
      } else if ("data" in put.bytes) {
        const path = join(temp, `${index}`);
        await writeFile(path, put.bytes.data);
        sources.push(path);
        sizes.push({ size: put.bytes.data.length, lfs: null });
      } else {
        if (put.bytes.file.includes("\n")) throw new HubError("bad_request", "a source file name holds a line break");
        sources.push(put.bytes.file);
        sizes.push({ size: (await stat(put.bytes.file)).size, lfs: null });
      }
    }
    const oids =
      sources.length === 0
        ? []
        : (
            await runGit(gitDir, ["hash-object", "-w", "--no-filters", "--stdin-paths"], {
              input: `${sources.join("\n")}\n`,
            })
          )
            .toString()
            .trim()
            .split("\n");
    const entries: RepoEntry[] = [];
    for (const file of files.values()) {
      if (!("op" in file)) {
        entries.push(file);
        continue;
      }
      const index = puts.indexOf(file);
      const facts = sizes[index] as { size: number; lfs: RepoEntry["lfs"] };
      const mode = !("lfs" in file) && file.executable ? "100755" : "100644";
      entries.push({ path: file.path, oid: oids[index] as string, mode, size: facts.size, lfs: facts.lfs });
    }
    const env = { GIT_INDEX_FILE: join(temp, "index") };
    const indexInfo = entries.map((e) => `${e.mode} ${e.oid}\t${e.path}\0`).join("");
    await runGit(gitDir, ["update-index", "--add", "-z", "--index-info"], { input: indexInfo, env });
    const tree = (await runGit(gitDir, ["write-tree"], { env })).toString().trim();
    if (job.base && tree === job.base.tree) {
      return { commit: job.base.commit, parent: job.head, changed: false, snapshot: job.base };
    }
    const message = request.description ? `${request.title}\n\n${request.description}\n` : `${request.title}\n`;
    const commit = (
      await runGit(gitDir, ["commit-tree", tree, ...(job.head ? ["-p", job.head] : []), "-F", "-"], {
        input: message,
        env: {
          ...personEnv("AUTHOR", request.author, request.date),
          ...personEnv("COMMITTER", request.author, request.date),
        },
      })
    )
      .toString()
      .trim();
    try {
      await runGit(gitDir, ["update-ref", `refs/heads/${job.branch}`, commit, job.head ?? ZERO_ID]);
    } catch {
      throw new HubError("precondition_failed", `branch "${job.branch}" moved while committing; try again`);
    }
    return { commit, parent: job.head, changed: true, snapshot: makeSnapshot(commit, tree, entries) };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
