// One commit: the new file list is worked out here (blob ids computed as git does, so an unchanged tree makes no
// commit), then `git fast-import` writes blobs, trees and the commit in one process and moves the branch only as a
// fast-forward of the head the commit is based on.
import { stat } from "node:fs/promises";
import { HubError } from "../errors.js";
import { parseRepoPath } from "../files/paths.js";
import { fastImport, type ImportFile } from "./fast-import.js";
import { GitCommandError } from "./git-command.js";
import { hashBytes, hashFile } from "./git-object-id.js";
import { formatLfsPointer } from "./lfs-pointer.js";
import type { CommitRequest, CommitResult, FileChange, RepoEntry, RepoSnapshot } from "./model-repos.js";
import { makeSnapshot } from "./snapshot.js";

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
}

type Put = Extract<FileChange, { op: "put" }>;

// git refuses `<` and `>` in names and e-mails, and a line break would end the header.
function clean(text: string, fallback: string): string {
  const cleaned = text.replace(/[<>\n\r\0]/g, "").trim();
  return cleaned === "" ? fallback : cleaned;
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

/** Writes the commit of `job` in one fast-import run; the branch moves only if it still points at `job.head`. */
export async function writeCommit(job: CommitJob): Promise<CommitResult> {
  const { request } = job;
  const start = request.replaceAll || !job.base ? new Map<string, RepoEntry>() : job.base.byPath;
  const files = applyChanges(start, request.changes);
  const entries: RepoEntry[] = [];
  const imports: ImportFile[] = [];
  for (const file of files.values()) {
    if (!("op" in file)) {
      entries.push(file);
      continue;
    }
    const mode = !("lfs" in file) && file.executable ? "100755" : "100644";
    if ("lfs" in file) {
      const pointer = Buffer.from(formatLfsPointer(file.lfs));
      const { oid } = hashBytes(pointer);
      entries.push({
        path: file.path,
        oid,
        mode,
        size: file.lfs.size,
        lfs: { ...file.lfs, pointerSize: pointer.length },
      });
      imports.push({ op: "put", path: file.path, mode, source: { data: pointer } });
    } else if ("data" in file.bytes) {
      const { oid, sha256 } = hashBytes(file.bytes.data);
      entries.push({ path: file.path, oid, mode, size: file.bytes.data.length, lfs: null, contentSha256: sha256 });
      imports.push({ op: "put", path: file.path, mode, source: { data: file.bytes.data } });
    } else {
      const size = (await stat(file.bytes.file)).size;
      const { oid, sha256 } = await hashFile(file.bytes.file, size);
      entries.push({ path: file.path, oid, mode, size, lfs: null, contentSha256: sha256 });
      imports.push({ op: "put", path: file.path, mode, source: { file: file.bytes.file, size } });
    }
  }
  const after = new Map(entries.map((e) => [e.path, e]));
  for (const path of job.base?.byPath.keys() ?? []) if (!after.has(path)) imports.push({ op: "delete", path });
  // Nothing that git would see as a change: no commit.
  const unchanged =
    job.base !== null &&
    job.base.files.length === entries.length &&
    entries.every((e) => {
      const old = job.base?.byPath.get(e.path);
      return old !== undefined && old.oid === e.oid && old.mode === e.mode;
    });
  if (job.base && unchanged) return { commit: job.base.commit, parent: job.head, changed: false, snapshot: job.base };
  const message = request.description ? `${request.title}\n\n${request.description}\n` : `${request.title}\n`;
  const ident = `${clean(request.author.name, "modelhub")} <${clean(request.author.email, "modelhub@localhost")}> ${Math.floor(request.date.getTime() / 1000)} +0000`;
  let commit: string;
  try {
    commit = await fastImport(job.gitDir, {
      ref: `refs/heads/${job.branch}`,
      parent: job.head,
      deleteAll: false,
      ident,
      message,
      files: imports,
    });
  } catch (error) {
    if (error instanceof GitCommandError && /not updating|does not contain/i.test(error.stderr)) {
      throw new HubError("precondition_failed", `branch "${job.branch}" moved while committing; try again`);
    }
    throw error;
  }
  return { commit, parent: job.head, changed: true, snapshot: makeSnapshot(commit, entries) };
}
